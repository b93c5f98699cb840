// run: @main() -> -64 : i32, -4 : i32, 1073741820 : i32, 0 : i13, -512 : i13, 512 : i13, -9223372036854775808 : i64
// Shifts at i32, i13 and i64 in all three directions.
func @main() -> (i32, i32, i32, i13, i13, i13, i64) {
  %a = constant -16 : i32
  %s = constant 2 : i32
  %b = shift_left %a, %s : i32
  %c = shift_right_signed %a, %s : i32
  %d = shift_right_unsigned %a, %s : i32
  %e = constant -4096 : i13
  %t = constant 3 : i13
  %f = shift_left %e, %t : i13
  %g = shift_right_signed %e, %t : i13
  %h = shift_right_unsigned %e, %t : i13
  %i = constant 1 : i64
  %j = constant 63 : i64
  %k = shift_left %i, %j : i64
  return %b, %c, %d, %f, %g, %h, %k : i32, i32, i32, i13, i13, i13, i64
}
