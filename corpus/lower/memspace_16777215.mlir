// RUN: lower
// The largest LLVM address space lowers (running it is another matter: see
// corpus/run/memspace.mlir for the spaces the host runs).
func @f(%m: memref<4xf32, 16777215>) -> memref<*xf32, 16777215> {
  %u = memref_cast %m : memref<4xf32, 16777215> to memref<*xf32, 16777215>
  return %u : memref<*xf32, 16777215>
}
// CHECK-LABEL: llvm.func @f(%arg0: !llvm.ptr<16777215>, %arg1: !llvm.ptr<16777215>,
// CHECK: llvm.alloca {{%[0-9]+}} x !llvm.struct<(ptr<16777215>, ptr<16777215>, i64, array<1 x i64>, array<1 x i64>)> : (i64) -> !llvm.ptr
