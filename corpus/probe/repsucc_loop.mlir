// run: @main() -> 5 : i64
// A loop back edge repeated with different operands.
func @main() -> i64 {
  %c0 = constant 0 : i64
  %c1 = constant 1 : i64
  %n = constant 10 : i64
  br ^h(%c0, %c0 : i64, i64)
^h(%i: i64, %acc: i64):
  %d = cmpi "eq", %i, %n : i64
  cond_br %d, ^x, ^b
^b:
  %two = constant 2 : i64
  %r = remi_signed %i, %two : i64
  %odd = cmpi "ne", %r, %c0 : i64
  %i2 = addi %i, %c1 : i64
  %a1 = addi %acc, %i : i64
  %a2 = subi %acc, %i : i64
  cond_br %odd, ^h(%i2, %a1 : i64, i64), ^h(%i2, %a2 : i64, i64)
^x:
  return %acc : i64
}
