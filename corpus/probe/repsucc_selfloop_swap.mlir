// run: @main() -> 1787 : i64
// A self loop whose cond_br repeats the loop block with swapped arguments.
func @main() -> i64 {
  %a0 = constant 1 : i64
  %b0 = constant 2 : i64
  %n0 = constant 0 : i64
  br ^l(%a0, %b0, %n0 : i64, i64, i64)
^l(%a: i64, %b: i64, %n: i64):
  %one = constant 1 : i64
  %n2 = addi %n, %one : i64
  %lim = constant 7 : i64
  %done = cmpi "sge", %n2, %lim : i64
  %three = constant 3 : i64
  %r = remi_unsigned %n2, %three : i64
  %z = constant 0 : i64
  %c = cmpi "eq", %r, %z : i64
  %ab = muli %a, %lim : i64
  %s = addi %ab, %b : i64
  cond_br %done, ^x(%s : i64), ^m
^m:
  cond_br %c, ^l(%b, %a, %n2 : i64, i64, i64), ^l(%s, %a, %n2 : i64, i64, i64)
^x(%v: i64):
  return %v : i64
}
