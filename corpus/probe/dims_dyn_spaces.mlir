// run: @main() -> 2 : index
// Spaces in a dimension list with a dynamic size.
func @main() -> index {
  %c2 = constant 2 : index
  %m = alloc(%c2) : memref<? x 4 x i8>
  %d = dim %m, 0 : memref<?x4xi8>
  return %d : index
}
