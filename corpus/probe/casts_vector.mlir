// run: @main() -> [1.0, -2.0, 100000.0] : vector<3xf32>, [1, -2, -31072] : vector<3xi16>, [1, -2, -31072] : vector<3xi64>, [1.0, -2.0, 100000.0] : vector<3xf64>
// Casts on vectors: sitofp, trunci, sexti, fpext.
func @main() -> (vector<3xf32>, vector<3xi16>, vector<3xi64>, vector<3xf64>) {
  %a = constant dense<[1, -2, 100000]> : vector<3xi32>
  %b = sitofp %a : vector<3xi32> to vector<3xf32>
  %c = trunci %a : vector<3xi32> to vector<3xi16>
  %d = sexti %c : vector<3xi16> to vector<3xi64>
  %e = fpext %b : vector<3xf32> to vector<3xf64>
  return %b, %c, %d, %e : vector<3xf32>, vector<3xi16>, vector<3xi64>, vector<3xf64>
}
