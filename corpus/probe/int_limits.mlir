// run: @main() -> -1 : i128, -170141183460469231731687303715884105728 : i128, -9223372036854775808 : index, -9223372036854775808 : index, -9223372036854775808 : i64, -1 : i17
// Integer limits: hex i128 -1 and minimum, index wrapping past its maximum, hex i64
// minimum, i17 all ones.
func @main() -> (i128, i128, index, index, i64, i17) {
  %a = constant 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF : i128
  %b = constant 0x80000000000000000000000000000000 : i128
  %c = constant 9223372036854775807 : index
  %d = constant -9223372036854775808 : index
  %one = constant 1 : index
  %e = addi %c, %one : index
  %f = constant 0x8000000000000000 : i64
  %g = constant 131071 : i17
  return %a, %b, %e, %d, %f, %g : i128, i128, index, index, i64, i17
}
