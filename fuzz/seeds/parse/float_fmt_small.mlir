// run: @main() -> 1e-7 : f32
// 1 / 1e7 in f32 prints in exponent form as 1e-7.
func @main() -> f32 {
  %one = constant 1.0 : f32
  %d = constant 1.0e7 : f32
  %r = divf %one, %d : f32
  return %r : f32
}
