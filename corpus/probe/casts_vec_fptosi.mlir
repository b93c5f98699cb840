// run: @main() -> [-1, 100] : vector<2xi8>, [-1.5, 100.25] : vector<2xf16>, [255, 100] : vector<2xi32>
// Vector fptosi, fptrunc to f16 and zexti.
func @main() -> (vector<2xi8>, vector<2xf16>, vector<2xi32>) {
  %a = constant dense<[-1.5, 100.25]> : vector<2xf64>
  %b = fptosi %a : vector<2xf64> to vector<2xi8>
  %c = fptrunc %a : vector<2xf64> to vector<2xf16>
  %d = zexti %b : vector<2xi8> to vector<2xi32>
  return %b, %c, %d : vector<2xi8>, vector<2xf16>, vector<2xi32>
}
