// Float arithmetic at f16, f32 and f64: rounding per step, remf as fmod (dividend's sign),
// negf/absf on the sign bit only, division by zero gives inf/nan (not UB).
// run: @f32ops(1.5 : f32, -0.25 : f32) -> 1.25 : f32, 1.75 : f32, -0.375 : f32, -6.0 : f32
// run: @f64ops(0.1 : f64, 0.2 : f64) -> 0.30000000000000004 : f64, -0.1 : f64, 0.020000000000000004 : f64, 0.5 : f64
// run: @rem(-7.5 : f64, 2.0 : f64) -> -1.5 : f64
// run: @rem(7.5 : f64, -2.0 : f64) -> 1.5 : f64
// run: @f16ops(0.1 : f16, 3.0 : f16) -> 3.1 : f16, 0.2998 : f16, 0.03333 : f16
// run: @signs(-0.0 : f32) -> 0.0 : f32, 0.0 : f32
// run: @signs(2.5 : f32) -> -2.5 : f32, 2.5 : f32
// run: @divzero(1.0 : f32) -> inf : f32, nan : f32, -inf : f32
// run: @f16overflow(60000.0 : f16) -> inf : f16
func @f32ops(%a: f32, %b: f32) -> (f32, f32, f32, f32) {
  %s = addf %a, %b : f32
  %d = subf %a, %b : f32
  %p = mulf %a, %b : f32
  %q = divf %a, %b : f32
  return %s, %d, %p, %q : f32, f32, f32, f32
}
func @f64ops(%a: f64, %b: f64) -> (f64, f64, f64, f64) {
  %s = addf %a, %b : f64
  %d = subf %a, %b : f64
  %p = mulf %a, %b : f64
  %q = divf %a, %b : f64
  return %s, %d, %p, %q : f64, f64, f64, f64
}
func @rem(%a: f64, %b: f64) -> f64 {
  %r = remf %a, %b : f64
  return %r : f64
}
func @f16ops(%a: f16, %b: f16) -> (f16, f16, f16) {
  %s = addf %a, %b : f16
  %p = mulf %a, %b : f16
  %q = divf %a, %b : f16
  return %s, %p, %q : f16, f16, f16
}
func @signs(%a: f32) -> (f32, f32) {
  %n = negf %a : f32
  %b = absf %a : f32
  return %n, %b : f32, f32
}
func @divzero(%a: f32) -> (f32, f32, f32) {
  %z = constant 0.0 : f32
  %i = divf %a, %z : f32
  %n = divf %z, %z : f32
  %m = negf %i : f32
  return %i, %n, %m : f32, f32, f32
}
func @f16overflow(%a: f16) -> f16 {
  %s = addf %a, %a : f16
  return %s : f16
}
