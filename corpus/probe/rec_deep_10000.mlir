// run: @main() -> 50005000 : i64
// Recursion 10001 calls deep.
func @sum(%n: i64) -> i64 {
  %c0 = constant 0 : i64
  %z = cmpi "eq", %n, %c0 : i64
  cond_br %z, ^b, ^r
^b:
  return %c0 : i64
^r:
  %c1 = constant 1 : i64
  %m = subi %n, %c1 : i64
  %s = call @sum(%m) : (i64) -> i64
  %t = addi %s, %n : i64
  return %t : i64
}
func @main() -> i64 {
  %n = constant 10000 : i64
  %r = call @sum(%n) : (i64) -> i64
  return %r : i64
}
