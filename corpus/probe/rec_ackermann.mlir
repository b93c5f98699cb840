// run: @main() -> 9 : i32
// Ackermann(2, 3) by double recursion.
func @ack(%m: i32, %n: i32) -> i32 {
  %c0 = constant 0 : i32
  %c1 = constant 1 : i32
  %mz = cmpi "eq", %m, %c0 : i32
  cond_br %mz, ^m0, ^mpos
^m0:
  %r0 = addi %n, %c1 : i32
  return %r0 : i32
^mpos:
  %nz = cmpi "eq", %n, %c0 : i32
  %m1 = subi %m, %c1 : i32
  cond_br %nz, ^n0, ^npos
^n0:
  %r1 = call @ack(%m1, %c1) : (i32, i32) -> i32
  return %r1 : i32
^npos:
  %n1 = subi %n, %c1 : i32
  %inner = call @ack(%m, %n1) : (i32, i32) -> i32
  %r2 = call @ack(%m1, %inner) : (i32, i32) -> i32
  return %r2 : i32
}
func @main() -> i32 {
  %m = constant 2 : i32
  %n = constant 3 : i32
  %r = call @ack(%m, %n) : (i32, i32) -> i32
  return %r : i32
}
