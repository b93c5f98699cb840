// run: @main() -> 3 : index, 5 : index, -100 : i8
// memref_cast chains between dynamic, partially static, static and unranked.
func @main() -> (index, index, i8) {
  %c3 = constant 3 : index
  %c5 = constant 5 : index
  %m = alloc(%c3, %c5) : memref<?x?xi8>
  %s = memref_cast %m : memref<?x?xi8> to memref<3x?xi8>
  %t = memref_cast %s : memref<3x?xi8> to memref<3x5xi8>
  %u = memref_cast %t : memref<3x5xi8> to memref<*xi8>
  %v = memref_cast %u : memref<*xi8> to memref<?x5xi8>
  %d0 = dim %v, 0 : memref<?x5xi8>
  %d1 = dim %s, 1 : memref<3x?xi8>
  %c2 = constant 2 : index
  %x = constant -100 : i8
  store %x, %v[%c2, %c3] : memref<?x5xi8>
  %y = load %m[%c2, %c3] : memref<?x?xi8>
  return %d0, %d1, %y : index, index, i8
}
