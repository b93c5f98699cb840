// run: @main() -> 0.2998 : f16
// An f16 result prints the shortest decimal that reads back to the same f16.
func @main() -> f16 {
  %a = constant 0.1 : f16
  %b = constant 3.0 : f16
  %c = mulf %a, %b : f16
  return %c : f16
}
