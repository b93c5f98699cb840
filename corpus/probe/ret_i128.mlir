// run: @main() -> -12345678901234567890125 : i128
// i128 arithmetic wraps at 2^128 and prints signed.
func @main() -> i128 {
  %a = constant 170141183460469231731687303715884105727 : i128
  %b = constant 2 : i128
  %c = muli %a, %b : i128
  %d = constant -12345678901234567890123 : i128
  %e = addi %c, %d : i128
  return %e : i128
}
