// RUN: lower --use-bare-ptr-memref-call-conv
// RUN: lower --use-bare-ptr-memref-call-conv --syntax legacy --check-prefix=LEGACY
// Under the bare pointer calling convention a memref argument is one pointer, which
// keeps the argument's whole dictionary, pointer attributes included (LLVM 11 and
// MLIR 22 alike; issue 39: only `x.y` was left). A scalar keeps its own as before.
// CHECK: llvm.func @f(%arg0: !llvm.ptr {llvm.noalias, llvm.align = 16 : i64, x.y = 1 : i64}, %arg1: i32 {llvm.signext})
// LEGACY: llvm.func @f(%arg0: !llvm<"float*"> {llvm.noalias = true, llvm.align = 16 : i64, x.y = 1 : i64}, %arg1: !llvm.i32 {llvm.signext})
// CHECK: llvm.func @g(!llvm.ptr {llvm.nonnull, x.z})
func @f(%m: memref<4xf32> {llvm.noalias = true, llvm.align = 16, x.y = 1}, %i: i32 {llvm.signext = true}) {
  return
}
func @g(memref<2x2xf64, offset: 1, strides: [3, 1]> {llvm.nonnull = true, x.z})
