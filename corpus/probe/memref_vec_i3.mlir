// run: @main() -> [[1, -2, 3], [-4, 0, -1]] : memref<2xvector<3xi3>>
// A memref of vector<3xi3> as a result.
func @main() -> memref<2xvector<3xi3>> {
  %m = alloc() : memref<2xvector<3xi3>>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = constant dense<[1, -2, 3]> : vector<3xi3>
  %b = constant dense<[-4, 0, -1]> : vector<3xi3>
  store %a, %m[%c0] : memref<2xvector<3xi3>>
  store %b, %m[%c1] : memref<2xvector<3xi3>>
  return %m : memref<2xvector<3xi3>>
}
