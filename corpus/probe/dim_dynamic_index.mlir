// run: @main() -> 105 : index
// dim with an SSA index on a 3-D memref.
func @main() -> index {
  %a = constant 5 : index
  %m = alloc(%a) : memref<3x?x7xi8>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %d0 = dim %m, %c0 : memref<3x?x7xi8>
  %d1 = dim %m, %c1 : memref<3x?x7xi8>
  %d2 = dim %m, %c2 : memref<3x?x7xi8>
  %s = muli %d0, %d1 : index
  %t = muli %s, %d2 : index
  return %t : index
}
