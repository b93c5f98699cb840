// run: @main() -> 2.0 : f32
// A function returning a function value chosen by select.
func @add(%a: f32, %b: f32) -> f32 {
  %r = addf %a, %b : f32
  return %r : f32
}
func @mul(%a: f32, %b: f32) -> f32 {
  %r = mulf %a, %b : f32
  return %r : f32
}
func @pick(%c: i1) -> ((f32, f32) -> f32) {
  %f = constant @add : (f32, f32) -> f32
  %g = constant @mul : (f32, f32) -> f32
  %r = select %c, %f, %g : (f32, f32) -> f32
  return %r : (f32, f32) -> f32
}
func @main() -> f32 {
  %t = constant true
  %f = constant false
  %x = constant 3.0 : f32
  %y = constant 0.5 : f32
  %fa = call @pick(%t) : (i1) -> ((f32, f32) -> f32)
  %fm = call @pick(%f) : (i1) -> ((f32, f32) -> f32)
  %a = call_indirect %fa(%x, %y) : (f32, f32) -> f32
  %b = call_indirect %fm(%x, %y) : (f32, f32) -> f32
  %r = subf %a, %b : f32
  return %r : f32
}
