// RUN: lower
// An unranked result is copied to the heap right before `return` (the descriptor size is
// 2 * sizeof(ptr) + (1 + 2 * rank) * sizeof(index)); the caller copies it to its stack
// and frees the heap copy.
func @id(%u: memref<*xf32>) -> memref<*xf32> {
  return %u : memref<*xf32>
}
func @caller(%u: memref<*xf32>) {
  %r = call @id(%u) : (memref<*xf32>) -> memref<*xf32>
  return
}
// CHECK-LABEL: llvm.func @id(%arg0: i64, %arg1: !llvm.ptr) -> !llvm.struct<(i64, ptr)>
// CHECK: [[HEAP:%[0-9]+]] = llvm.call @malloc([[SIZE:%[0-9]+]]) : (i64) -> !llvm.ptr
// CHECK-NEXT: "llvm.intr.memcpy"([[HEAP]], {{%[0-9]+}}, [[SIZE]]) <{isVolatile = false}>
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @caller(
// CHECK: [[R:%[0-9]+]] = llvm.call @id(
// CHECK: [[STACK:%[0-9]+]] = llvm.alloca [[S:%[0-9]+]] x i8 {alignment = 16 : i64} : (i64) -> !llvm.ptr
// CHECK-NEXT: "llvm.intr.memcpy"([[STACK]], [[SRC:%[0-9]+]], [[S]])
// CHECK-NEXT: llvm.call @free([[SRC]]) : (!llvm.ptr) -> ()
