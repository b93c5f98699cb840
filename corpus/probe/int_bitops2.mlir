// run: @main() -> -16 : i5, -1 : i5, 15 : i5, 0 : i100, 0 : i1
// and, or, xor at i5, i100 and i1.
func @main() -> (i5, i5, i5, i100, i1) {
  %a = constant 21 : i5
  %b = constant -6 : i5
  %c = and %a, %b : i5
  %d = or %a, %b : i5
  %e = xor %a, %b : i5
  %f = constant 1267650600228229401496703205375 : i100
  %g = constant -1 : i100
  %h = xor %f, %g : i100
  %t = constant true
  %u = xor %t, %t : i1
  return %c, %d, %e, %h, %u : i5, i5, i5, i100, i1
}
