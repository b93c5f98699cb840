// run: @main() -> 3 : i32
// No newline at the end of the file, a comment after the last brace.
func @main() -> i32 {
  %a = constant 3 : i32
  return %a : i32
} // end