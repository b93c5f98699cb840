// `llvm.align` must be a power of two (LLVM IR's rule; mlir-translate 22 passes
// `align 3` on to LLVM IR, which does not parse it).
// expected-error@+1:1 {{"llvm.align" on argument 0 of @f: should be an integer attribute holding a power of two}}
func @f(%m: memref<4xf32> {llvm.align = 3 : i64}) {
  return
}
