// run: @main() -> nan : f32
// NaN prints nan whatever its sign.
func @main() -> f32 {
  %a = constant 0.0 : f32
  %c = divf %a, %a : f32
  %d = negf %c : f32
  return %d : f32
}
