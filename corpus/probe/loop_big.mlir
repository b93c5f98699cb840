// run: @main() -> 16024217407744 : i64
// A loop of three million iterations.
func @main() -> i64 {
  %c0 = constant 0 : i64
  %c1 = constant 1 : i64
  %n = constant 3000000 : i64
  br ^l(%c0, %c0 : i64, i64)
^l(%i: i64, %acc: i64):
  %d = cmpi "eq", %i, %n : i64
  cond_br %d, ^x, ^b
^b:
  %m = muli %i, %i : i64
  %a2 = xor %acc, %m : i64
  %i2 = addi %i, %c1 : i64
  br ^l(%i2, %a2 : i64, i64)
^x:
  return %acc : i64
}
