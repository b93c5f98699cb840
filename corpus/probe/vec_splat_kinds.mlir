// run: @main() -> [1, 1, 1] : vector<3xi1>, [[-3, -3], [-3, -3]] : vector<2x2xi8>, [0.333, 0.333, 0.333, 0.333] : vector<4xf16>
// splat of i1, of i8 into a 2-D vector, of f16.
func @main() -> (vector<3xi1>, vector<2x2xi8>, vector<4xf16>) {
  %t = constant true
  %a = splat %t : vector<3xi1>
  %b8 = constant -3 : i8
  %b = splat %b8 : vector<2x2xi8>
  %h = constant 0.333 : f16
  %c = splat %h : vector<4xf16>
  return %a, %b, %c : vector<3xi1>, vector<2x2xi8>, vector<4xf16>
}
