// run: @main() -> 0.0 : f16, inf : f32, 0.0999755859375 : f64, inf : f16, -0.0 : f16, 0.1 : f32
// fptrunc rounding: below half the f16 denormal to 0, exact ties to even (to inf,
// to -0.0), f16 0.1 extended to f64.
func @main() -> (f16, f32, f64, f16, f16, f32) {
  %a = constant 1.0e-8 : f64
  %b = fptrunc %a : f64 to f16
  %c = constant 3.4028235677973366e38 : f64
  %d = fptrunc %c : f64 to f32
  %e = constant 0.1 : f16
  %f = fpext %e : f16 to f64
  %g = constant 65520.0 : f32
  %h = fptrunc %g : f32 to f16
  %i = constant -2.9802322387695312e-08 : f64
  %j = fptrunc %i : f64 to f16
  %k = constant 0.1 : f64
  %l = fptrunc %k : f64 to f32
  return %b, %d, %f, %h, %j, %l : f16, f32, f64, f16, f16, f32
}
