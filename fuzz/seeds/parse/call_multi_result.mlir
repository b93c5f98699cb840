// run: @main() -> -3002014002003 : i64
// Multi-result calls: divmod returning (i64, i64), and a three-result function whose
// results are used out of order via #n.
func @divmod(%a: i64, %b: i64) -> (i64, i64) {
  %q = divi_signed %a, %b : i64
  %r = remi_signed %a, %b : i64
  return %q, %r : i64, i64
}
func @three(%x: i32) -> (i32, i64, f32) {
  %one = constant 1 : i32
  %y = addi %x, %one : i32
  %z = sexti %x : i32 to i64
  %k = constant 1000000000000 : i64
  %zk = muli %z, %k : i64
  %f = sitofp %x : i32 to f32
  return %y, %zk, %f : i32, i64, f32
}
func @main() -> i64 {
  %a = constant -100 : i64
  %b = constant 7 : i64
  %dm:2 = call @divmod(%a, %b) : (i64, i64) -> (i64, i64)
  %x = constant -3 : i32
  %t:3 = call @three(%x) : (i32) -> (i32, i64, f32)
  %f = fptosi %t#2 : f32 to i64
  %y = sexti %t#0 : i32 to i64
  %k = constant 1000 : i64
  %a0 = muli %dm#1, %k : i64
  %a1 = addi %a0, %dm#0 : i64
  %a2 = muli %a1, %k : i64
  %a3 = addi %a2, %y : i64
  %a4 = muli %a3, %k : i64
  %a5 = addi %a4, %f : i64
  %a6 = addi %a5, %t#1 : i64
  return %a6 : i64
}
