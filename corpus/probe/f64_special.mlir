// run: @main() -> 2.225073858507201e-308 : f64, 1.0000000000000002 : f64, 9007199254740992.0 : f64, 1e-7 : f64, 123.456 : f64
// f64 printing of the largest denormal, 1 + ulp, 2^53 + 1 rounded, 1e-7, 123.456.
func @main() -> (f64, f64, f64, f64, f64) {
  %a = constant 0x000FFFFFFFFFFFFF : f64
  %b = constant 0x3FF0000000000001 : f64
  %c = constant 9007199254740993.0 : f64
  %d = constant 1.0e-7 : f64
  %e = constant 123.456 : f64
  return %a, %b, %c, %d, %e : f64, f64, f64, f64, f64
}
