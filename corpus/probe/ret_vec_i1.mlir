// run: @main() -> [1, 0, 1] : vector<3xi1>
// A vector<3xi1> result from a vector cmpi.
func @main() -> vector<3xi1> {
  %a = constant dense<[1, 5, -3]> : vector<3xi8>
  %b = constant dense<2> : vector<3xi8>
  %c = cmpi "slt", %a, %b : vector<3xi8>
  return %c : vector<3xi1>
}
