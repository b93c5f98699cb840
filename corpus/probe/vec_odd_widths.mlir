// run: @main() -> [-4, -3, -4] : vector<3xi3>, [1, 4294967295] : vector<2xi33>
// Vectors of i3 (wrapping addi) and i33 (shift_right_unsigned).
func @main() -> (vector<3xi3>, vector<2xi33>) {
  %a = constant dense<[3, -4, 1]> : vector<3xi3>
  %b = constant dense<[1, 1, 3]> : vector<3xi3>
  %c = addi %a, %b : vector<3xi3>
  %d = constant dense<[4294967296, -1]> : vector<2xi33>
  %k = constant dense<[32, 1]> : vector<2xi33>
  %e = shift_right_unsigned %d, %k : vector<2xi33>
  return %c, %e : vector<3xi3>, vector<2xi33>
}
