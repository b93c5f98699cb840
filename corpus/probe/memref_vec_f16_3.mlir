// run: @main() -> [[1.0, -2.0, 3.5], [0.1, 0.0, -0.0]] : memref<2xvector<3xf16>>
// A memref of vector<3xf16> as a result.
func @main() -> memref<2xvector<3xf16>> {
  %m = alloc() : memref<2xvector<3xf16>>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = constant dense<[1.0, -2.0, 3.5]> : vector<3xf16>
  %b = constant dense<[0.1, 0.0, -0.0]> : vector<3xf16>
  store %a, %m[%c0] : memref<2xvector<3xf16>>
  store %b, %m[%c1] : memref<2xvector<3xf16>>
  return %m : memref<2xvector<3xf16>>
}
