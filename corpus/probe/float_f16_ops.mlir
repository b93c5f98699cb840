// run: @main() -> 0.3333 : f16, 1.5 : f16, -0.667 : f16, 0.667 : f16, 0.0 : f16
// f16 divf, remf, subf, negf, and an underflow to 0.
func @main() -> (f16, f16, f16, f16, f16) {
  %a = constant 1.0 : f16
  %b = constant 3.0 : f16
  %c = divf %a, %b : f16
  %d = constant 7.5 : f16
  %e = remf %d, %b : f16
  %f = subf %c, %a : f16
  %g = negf %f : f16
  %h = constant 1.0e-4 : f16
  %i = mulf %h, %h : f16
  return %c, %e, %f, %g, %i : f16, f16, f16, f16, f16
}
