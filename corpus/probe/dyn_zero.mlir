// run: @main() -> [] : memref<?xi32>, 0 : index
// A dynamic memref of size 0 prints as [].
func @main() -> (memref<?xi32>, index) {
  %z = constant 0 : index
  %m = alloc(%z) : memref<?xi32>
  %d = dim %m, 0 : memref<?xi32>
  return %m, %d : memref<?xi32>, index
}
