// run: @main() -> 1.5 : f32, -1.25 : f64, 2.0 : f32, 0.0 : f16, -inf : f64, nan : f32, nan : f64
// remf takes the dividend's sign; absf of -0.0 and NaN; inf - inf is NaN.
func @main() -> (f32, f64, f32, f16, f64, f32, f64) {
  %a = constant 5.5 : f32
  %b = constant -2.0 : f32
  %c = remf %a, %b : f32
  %d = constant -7.25 : f64
  %e = constant 2.0 : f64
  %f = remf %d, %e : f64
  %g = absf %b : f32
  %h = constant -0.0 : f16
  %i = absf %h : f16
  %j = constant 1.0e308 : f64
  %k = mulf %j, %e : f64
  %l = negf %k : f64
  %m = constant 0x7FC00000 : f32
  %n = absf %m : f32
  %o = subf %k, %k : f64
  return %c, %f, %g, %i, %l, %n, %o : f32, f64, f32, f16, f64, f32, f64
}
