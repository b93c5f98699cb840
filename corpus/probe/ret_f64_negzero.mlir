// run: @main() -> -0.0 : f64
// negf of 0.0 is -0.0.
func @main() -> f64 {
  %a = constant 0.0 : f64
  %c = negf %a : f64
  return %c : f64
}
