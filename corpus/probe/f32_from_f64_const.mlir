// run: @main() -> 3.2415926 : f32, 3.1415927 : f32
// f32 constants written with more digits than f32 holds.
func @main() -> (f32, f32) {
  %a = constant 0.1 : f32
  %b = constant 3.14159265358979323846 : f32
  %c = addf %a, %b : f32
  return %c, %b : f32, f32
}
