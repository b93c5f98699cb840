// run: @main() -> inf : f16
// f16 overflow to inf.
func @main() -> f16 {
  %a = constant 65504.0 : f16
  %c = addf %a, %a : f16
  return %c : f16
}
