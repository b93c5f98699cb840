// MLIR 13 to 16: an alloc in a nonzero memory space casts malloc's pointer with a
// bitcast, which LLVM IR forbids between address spaces (mlir-translate: "Invalid bitcast").
func @main() {
  %0 = alloc() : memref<f64, 5>
  %1 = constant 0.0 : f64
  store %1, %0[] : memref<f64, 5>
  return
}
