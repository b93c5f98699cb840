// Float arithmetic in today's upstream syntax: arith float ops, math.absf, negf,
// cmpf with bare predicates (including the constant `false`/`true` ones), float
// casts (extf, truncf, sitofp, fptosi), and NaN, infinity and hexadecimal constants.
// run: @ops(1.5 : f32, -0.25 : f32) -> 1.25 : f32, 1.75 : f32, -0.375 : f32, -6.0 : f32, 0.0 : f32, 0.25 : f32, -1.5 : f32
// run: @cmp(1.0 : f64, 2.0 : f64) -> 1 : i1, 0 : i1, 0 : i1, 1 : i1, 1 : i1
// run: @casts(2.75 : f64) -> 2.75 : f32, 2 : i32, -3.0 : f16, 2.75 : f64
// run: @special() -> 0 : i1, 1 : i1, 1 : i1, 1.0 : f16
func.func @ops(%a: f32, %b: f32) -> (f32, f32, f32, f32, f32, f32, f32) {
  %s = arith.addf %a, %b : f32
  %d = arith.subf %a, %b : f32
  %m = arith.mulf %a, %b : f32
  %q = arith.divf %a, %b : f32
  %r = arith.remf %a, %b : f32
  %abs = math.absf %b : f32
  %n = arith.negf %a : f32
  func.return %s, %d, %m, %q, %r, %abs, %n : f32, f32, f32, f32, f32, f32, f32
}
func.func @cmp(%a: f64, %b: f64) -> (i1, i1, i1, i1, i1) {
  %lt = arith.cmpf olt, %a, %b : f64
  %gt = arith.cmpf ugt, %a, %b : f64
  %f = arith.cmpf false, %a, %b : f64
  %t = arith.cmpf true, %a, %b : f64
  %o = arith.cmpf ord, %a, %b : f64
  func.return %lt, %gt, %f, %t, %o : i1, i1, i1, i1, i1
}
func.func @casts(%x: f64) -> (f32, i32, f16, f64) {
  %t = arith.truncf %x : f64 to f32
  %i = arith.fptosi %t : f32 to i32
  %n = arith.constant -3 : i32
  %h = arith.sitofp %n : i32 to f16
  %e = arith.extf %t : f32 to f64
  func.return %t, %i, %h, %e : f32, i32, f16, f64
}
func.func @special() -> (i1, i1, i1, f16) {
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7FF0000000000000 : f64
  %big = arith.constant 1.0e308 : f64
  %one = arith.constant 0x3C00 : f16
  %eq = arith.cmpf oeq, %nan, %nan : f32
  %uno = arith.cmpf uno, %nan, %nan : f32
  %gt = arith.cmpf ogt, %inf, %big : f64
  func.return %eq, %uno, %gt, %one : i1, i1, i1, f16
}
