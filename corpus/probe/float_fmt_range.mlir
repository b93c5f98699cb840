// run: @main() -> 0.0001 : f32, 1e-5 : f32, 123456.7 : f32, 3.4028235e38 : f32, 2.2250738585072014e-308 : f64, 1.7976931348623157e308 : f64, 0.1 : f64, 1e-45 : f32, 1.2345678901234568e17 : f64
// Float printing across the range: 1e-4 vs 1e-5, f32 max and min denormal,
// f64 min normal and max.
func @main() -> (f32, f32, f32, f32, f64, f64, f64, f32, f64) {
  %a = constant 1.0e-4 : f32
  %b = constant 1.0e-5 : f32
  %c = constant 123456.7 : f32
  %d = constant 3.4028235e38 : f32
  %e = constant 2.2250738585072014e-308 : f64
  %f = constant 1.7976931348623157e308 : f64
  %g = constant 0.1 : f64
  %h = constant 1.4e-45 : f32
  %i = constant 123456789012345680.0 : f64
  return %a, %b, %c, %d, %e, %f, %g, %h, %i : f32, f32, f32, f32, f64, f64, f64, f32, f64
}
