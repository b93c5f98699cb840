// run: @main() -> inf : f32, -inf : f32, 5e-324 : f64, inf : f16, 1.5 : f32
// Hexadecimal float constants give exact bit patterns: inf, -inf, the smallest f64
// denormal, f16 inf, 1.5.
func @main() -> (f32, f32, f64, f16, f32) {
  %a = constant 0x7F800000 : f32
  %b = constant 0xFF800000 : f32
  %c = constant 0x0000000000000001 : f64
  %d = constant 0x7C00 : f16
  %e = constant 0x3FC00000 : f32
  return %a, %b, %c, %d, %e : f32, f32, f64, f16, f32
}
