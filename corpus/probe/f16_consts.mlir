// run: @main() -> 1.0 : f16, 1.001 : f16, 6e-8 : f16, 65500.0 : f16, -0.0 : f16, 6.104e-5 : f16
// f16 constants from hex: 1 + ulp, the smallest denormal, the largest finite,
// -0.0, the smallest normal.
func @main() -> (f16, f16, f16, f16, f16, f16) {
  %a = constant 1.000000e+00 : f16
  %b = constant 0x3C01 : f16
  %c = constant 0x0001 : f16
  %d = constant 0x7BFF : f16
  %e = constant 0x8000 : f16
  %f = constant 0x0400 : f16
  return %a, %b, %c, %d, %e, %f : f16, f16, f16, f16, f16, f16
}
