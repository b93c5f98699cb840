// run: @main() -> 1.1754944e-38 : f32, 1.1754942e-38 : f32, 1.0000001 : f32, 16777216.0 : f32, 0.3 : f32, 100.0 : f32
// f32 printing of the smallest normal, the largest denormal, 1 + ulp, 2^24, 0.3, 100.
func @main() -> (f32, f32, f32, f32, f32, f32) {
  %a = constant 0x00800000 : f32
  %b = constant 0x007FFFFF : f32
  %c = constant 0x3F800001 : f32
  %d = constant 16777216.0 : f32
  %e = constant 0.3 : f32
  %f = constant 100.0 : f32
  return %a, %b, %c, %d, %e, %f : f32, f32, f32, f32, f32, f32
}
