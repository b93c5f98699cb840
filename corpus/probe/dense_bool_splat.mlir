// run: @main() -> [1, 1, 1, 1] : vector<4xi1>, 0 : i32, [[1, 0], [0, 1]] : vector<2x2xi1>
// dense<true> splat, a 2-D i1 dense, -0 : i32.
func @main() -> (vector<4xi1>, i32, vector<2x2xi1>) {
  %a = constant dense<true> : vector<4xi1>
  %b = constant -0 : i32
  %c = constant dense<[[true, false], [false, true]]> : vector<2x2xi1>
  return %a, %b, %c : vector<4xi1>, i32, vector<2x2xi1>
}
