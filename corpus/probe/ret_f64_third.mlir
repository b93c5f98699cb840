// run: @main() -> 0.3333333333333333 : f64
// f64 1/3 prints 16 significant digits.
func @main() -> f64 {
  %a = constant 1.0 : f64
  %b = constant 3.0 : f64
  %c = divf %a, %b : f64
  return %c : f64
}
