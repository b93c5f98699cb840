// run: @main() -> 1e16 : f32, 1000000000000000.0 : f32, 1e16 : f64, 1e-5 : f64
// The switch to exponent form at 1e16, and small f64 values.
func @main() -> (f32, f32, f64, f64) {
  %a = constant 1.0e16 : f32
  %b = constant 1.0e15 : f32
  %c = constant 1.0e16 : f64
  %d = constant 1.0e-5 : f64
  return %a, %b, %c, %d : f32, f32, f64, f64
}
