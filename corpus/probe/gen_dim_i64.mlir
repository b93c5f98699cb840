// run: @main() -> 7 : index
// Generic-form dim with the index attribute as a plain and as an i64 integer.
func @main() -> index {
  %n = constant 4 : index
  %m = alloc(%n) : memref<3x?xi8>
  %d = "std.dim"(%m) {index = 1} : (memref<3x?xi8>) -> index
  %e = "std.dim"(%m) {index = 0 : i64} : (memref<3x?xi8>) -> index
  %r = addi %d, %e : index
  return %r : index
}
