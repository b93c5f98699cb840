// run: @main() -> [[2.0, -5.0], [0.2, 2e20]] : vector<2x2xf64>
// A 2-D vector result.
func @main() -> vector<2x2xf64> {
  %a = constant dense<[[1.0, -2.5], [0.1, 1.0e20]]> : vector<2x2xf64>
  %b = addf %a, %a : vector<2x2xf64>
  return %b : vector<2x2xf64>
}
