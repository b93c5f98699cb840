// run: @main() -> [1, 0, 1] : memref<3xi1>, 1 : i1
// A memref<3xi1> result.
func @main() -> (memref<3xi1>, i1) {
  %m = alloc() : memref<3xi1>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %t = constant true
  %f = constant false
  store %t, %m[%c0] : memref<3xi1>
  store %f, %m[%c1] : memref<3xi1>
  store %t, %m[%c2] : memref<3xi1>
  %x = load %m[%c2] : memref<3xi1>
  return %m, %x : memref<3xi1>, i1
}
