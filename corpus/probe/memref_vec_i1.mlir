// run: @main() -> [[1, 0, 1, 1], [0, 1, 0, 0], [1, 1, 1, 1]] : memref<3xvector<4xi1>>, [0, 1, 0, 0] : vector<4xi1>
// A memref of vector<4xi1> (bit-packed in memory natively) as a result.
func @main() -> (memref<3xvector<4xi1>>, vector<4xi1>) {
  %m = alloc() : memref<3xvector<4xi1>>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = constant dense<[true, false, true, true]> : vector<4xi1>
  %b = constant dense<[false, true, false, false]> : vector<4xi1>
  %c = constant dense<true> : vector<4xi1>
  store %a, %m[%c0] : memref<3xvector<4xi1>>
  store %b, %m[%c1] : memref<3xvector<4xi1>>
  store %c, %m[%c2] : memref<3xvector<4xi1>>
  %x = load %m[%c1] : memref<3xvector<4xi1>>
  return %m, %x : memref<3xvector<4xi1>>, vector<4xi1>
}
