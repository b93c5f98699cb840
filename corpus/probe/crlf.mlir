// run: @main() -> 2 : i32
// Windows line endings.
func @main() -> i32 {
  %a = constant 1 : i32
  %b = addi %a, %a : i32
  return %b : i32
}
