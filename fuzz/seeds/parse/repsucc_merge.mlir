// run: @main() -> 34250150 : i64
// cond_br with both edges to the same block carrying different operands (i64 and f32).
func @pick(%c: i1, %a: i64, %b: i64) -> i64 {
  cond_br %c, ^bb1(%a : i64), ^bb1(%b : i64)
^bb1(%x: i64):
  return %x : i64
}
func @pickf(%c: i1, %a: f32, %b: f32) -> f32 {
  cond_br %c, ^join(%a : f32), ^join(%b : f32)
^join(%x: f32):
  return %x : f32
}
func @main() -> i64 {
  %t = constant true
  %f = constant false
  %three = constant 3 : i64
  %four = constant 4 : i64
  %p = call @pick(%t, %three, %four) : (i1, i64, i64) -> i64
  %q = call @pick(%f, %three, %four) : (i1, i64, i64) -> i64
  %x = constant 1.5 : f32
  %y = constant 2.5 : f32
  %pf = call @pickf(%f, %x, %y) : (i1, f32, f32) -> f32
  %qf = call @pickf(%t, %x, %y) : (i1, f32, f32) -> f32
  %hundred = constant 100.0 : f32
  %pf100 = mulf %pf, %hundred : f32
  %pfi = fptosi %pf100 : f32 to i64
  %qf100 = mulf %qf, %hundred : f32
  %qfi = fptosi %qf100 : f32 to i64
  %ten = constant 10 : i64
  %k = constant 1000 : i64
  %a0 = muli %p, %ten : i64
  %a1 = addi %a0, %q : i64
  %a2 = muli %a1, %k : i64
  %a3 = addi %a2, %pfi : i64
  %a4 = muli %a3, %k : i64
  %a5 = addi %a4, %qfi : i64
  return %a5 : i64
}
