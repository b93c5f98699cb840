// run: @main() -> 1.414213562373095 : f64
// Newton's iteration for sqrt(2) until the step is below 1e-15.
func @main() -> f64 {
  %x0 = constant 2.0 : f64
  %half = constant 0.5 : f64
  %two = constant 2.0 : f64
  %eps = constant 1.0e-15 : f64
  br ^l(%x0 : f64)
^l(%x: f64):
  %q = divf %two, %x : f64
  %s = addf %x, %q : f64
  %nx = mulf %s, %half : f64
  %d = subf %nx, %x : f64
  %ad = absf %d : f64
  %c = cmpf "olt", %ad, %eps : f64
  cond_br %c, ^e(%nx : f64), ^l(%nx : f64)
^e(%r: f64):
  return %r : f64
}
