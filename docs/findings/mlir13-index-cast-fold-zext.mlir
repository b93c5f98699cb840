// run: @main() -> -1 : i128
// MLIR 13 to 16: the folder of index_cast zero-extends a negative index constant.
func @main() -> i128 {
  %e = constant -1 : index
  %f = index_cast %e : index to i128
  return %f : i128
}
