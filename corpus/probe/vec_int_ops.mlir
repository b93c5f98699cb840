// run: @main() -> [103, -97, 5, -128] : vector<4xi8>, [33, -33, -3, 127] : vector<4xi8>, [1, 0, 7, -127] : vector<4xi8>, [50, -25, 0, -1] : vector<4xi8>, [0, 0, 1, 1] : vector<4xi1>
// Vector integer ops at i8: wrap, signed division, unsigned remainder, shifts, cmpi.
func @main() -> (vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xi1>) {
  %a = constant dense<[100, -100, 7, -127]> : vector<4xi8>
  %b = constant dense<[3, 3, -2, -1]> : vector<4xi8>
  %s = addi %a, %b : vector<4xi8>
  %q = divi_signed %a, %b : vector<4xi8>
  %r = remi_unsigned %a, %b : vector<4xi8>
  %sh = constant dense<[1, 2, 3, 7]> : vector<4xi8>
  %l = shift_right_signed %a, %sh : vector<4xi8>
  %c = cmpi "ult", %a, %b : vector<4xi8>
  return %s, %q, %r, %l, %c : vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xi1>
}
