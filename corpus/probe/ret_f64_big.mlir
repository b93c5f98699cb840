// run: @main() -> 1e308 : f64
// f64 large values print in exponent form.
func @main() -> f64 {
  %a = constant 1.0e300 : f64
  %b = constant 1.0e8 : f64
  %c = mulf %a, %b : f64
  return %c : f64
}
