// run: @main() -> 0 : i1, 1 : i1, 1 : i1, 0 : i1, [1, 1] : vector<2xi1>
// cmpi at i7 and i1 signed and unsigned, and on an i128 vector.
func @main() -> (i1, i1, i1, i1, vector<2xi1>) {
  %a = constant -1 : i7
  %b = constant 63 : i7
  %c = cmpi "sgt", %a, %b : i7
  %d = cmpi "ugt", %a, %b : i7
  %e = constant 0 : i1
  %f = constant 1 : i1
  %g = cmpi "slt", %f, %e : i1
  %h = cmpi "ult", %f, %e : i1
  %x = constant dense<[-170141183460469231731687303715884105728, 5]> : vector<2xi128>
  %y = constant dense<[170141183460469231731687303715884105727, 5]> : vector<2xi128>
  %z = cmpi "uge", %x, %y : vector<2xi128>
  return %c, %d, %g, %h, %z : i1, i1, i1, i1, vector<2xi1>
}
