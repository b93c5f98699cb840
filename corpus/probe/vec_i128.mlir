// run: @main() -> [170141183460469231731687303715884105725, -6] : vector<2xi128>
// A vector of i128 with wrapping muli.
func @main() -> vector<2xi128> {
  %a = constant dense<[170141183460469231731687303715884105727, -2]> : vector<2xi128>
  %b = constant dense<3> : vector<2xi128>
  %c = muli %a, %b : vector<2xi128>
  return %c : vector<2xi128>
}
