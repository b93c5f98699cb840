// run: @main() -> 4 : index
// dim of an unranked memref.
func @main() -> index {
  %c3 = constant 3 : index
  %m = alloc(%c3) : memref<?x4xi8>
  %u = memref_cast %m : memref<?x4xi8> to memref<*xi8>
  %d = dim %u, 1 : memref<*xi8>
  return %d : index
}
