// run: @main() -> 3.5e-323 : f64
// f64 denormals: 7 times the smallest.
func @main() -> f64 {
  %a = constant 4.9406564584124654e-324 : f64
  %b = constant 7.0 : f64
  %c = mulf %a, %b : f64
  return %c : f64
}
