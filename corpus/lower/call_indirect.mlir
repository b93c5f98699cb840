// RUN: lower
// `constant @f` takes the function's address; call_indirect calls through the pointer,
// with memref arguments expanded as for direct calls.
func @g(%m: memref<?xf32>) -> f32
func @f(%m: memref<?xf32>) -> f32 {
  %p = constant @g : (memref<?xf32>) -> f32
  %r = call_indirect %p(%m) : (memref<?xf32>) -> f32
  return %r : f32
}
// CHECK-LABEL: llvm.func @f(
// CHECK: [[P:%[0-9]+]] = llvm.mlir.addressof @g : !llvm.ptr
// CHECK-NEXT: [[A:%[0-9]+]] = llvm.extractvalue {{%[0-9]+}}[0]
// CHECK: [[R:%[0-9]+]] = llvm.call [[P]]([[A]], {{.*}}) : !llvm.ptr, (!llvm.ptr, !llvm.ptr, i64, i64, i64) -> f32
// CHECK-NEXT: llvm.return [[R]] : f32
