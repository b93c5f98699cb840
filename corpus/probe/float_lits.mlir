// run: @main() -> 5.0 : f32, 150.0 : f64, 0.002 : f64, -0.0 : f32, 10000.0 : f16, [inf, 1.5, -2.0] : vector<3xf32>
// Float literal forms: `5.`, exponents with sign and capital E, -0.0, f16 from
// a decimal, hex floats inside dense.
func @main() -> (f32, f64, f64, f32, f16, vector<3xf32>) {
  %a = constant 5. : f32
  %b = constant 1.5e+2 : f64
  %c = constant 2.0E-3 : f64
  %d = constant -0.0 : f32
  %e = constant 1.0e4 : f16
  %v = constant dense<[0x7F800000, 1.5, -2.]> : vector<3xf32>
  return %a, %b, %c, %d, %e, %v : f32, f64, f64, f32, f16, vector<3xf32>
}
