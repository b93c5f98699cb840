// run: @main() -> 2e-7 : f16
// f16 denormal arithmetic: 3 times the smallest denormal.
func @main() -> f16 {
  %a = constant 6.0e-8 : f16
  %b = constant 3.0 : f16
  %c = mulf %a, %b : f16
  return %c : f16
}
