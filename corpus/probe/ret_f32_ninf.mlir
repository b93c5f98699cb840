// run: @main() -> -inf : f32
// -1/0 is -inf.
func @main() -> f32 {
  %a = constant -1.0 : f32
  %b = constant 0.0 : f32
  %c = divf %a, %b : f32
  return %c : f32
}
