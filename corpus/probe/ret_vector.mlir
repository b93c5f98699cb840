// run: @main() -> [10, -20, 30, -40] : vector<4xi32>
// A vector result.
func @main() -> vector<4xi32> {
  %a = constant dense<[1, -2, 3, -4]> : vector<4xi32>
  %b = constant dense<10> : vector<4xi32>
  %c = muli %a, %b : vector<4xi32>
  return %c : vector<4xi32>
}
