// run: @main() -> 2 : index, 4 : index, 3 : index, 77 : i64
// A 3-D memref with two dynamic sizes: dim of each, store and load.
func @main() -> (index, index, index, i64) {
  %a = constant 2 : index
  %b = constant 3 : index
  %m = alloc(%a, %b) : memref<?x4x?xi64>
  %d0 = dim %m, 0 : memref<?x4x?xi64>
  %d1 = dim %m, 1 : memref<?x4x?xi64>
  %d2 = dim %m, 2 : memref<?x4x?xi64>
  %c1 = constant 1 : index
  %c3 = constant 3 : index
  %c2 = constant 2 : index
  %v = constant 77 : i64
  store %v, %m[%c1, %c3, %c2] : memref<?x4x?xi64>
  %w = load %m[%c1, %c3, %c2] : memref<?x4x?xi64>
  dealloc %m : memref<?x4x?xi64>
  return %d0, %d1, %d2, %w : index, index, index, i64
}
