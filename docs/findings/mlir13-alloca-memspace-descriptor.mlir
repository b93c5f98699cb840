// MLIR 13, 14: an alloca in a nonzero memory space allocates in address space 0 and
// stores that pointer into the descriptor of the memory space's pointers.
func @main() {
  %0 = alloca() : memref<f64, 1>
  %1 = constant 0.0 : f64
  store %1, %0[] : memref<f64, 1>
  return
}
