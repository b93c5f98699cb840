// RUN: lower --syntax legacy
// An access to a zero-dimensional memref is a plain load of the aligned pointer.
func @load0(%m: memref<f32>) -> f32 {
  %0 = load %m[] : memref<f32>
  return %0 : f32
}
// CHECK-LABEL: llvm.func @load0
// CHECK: [[P:%[0-9]+]] = llvm.extractvalue {{%[0-9]+}}[1] : !llvm<"{ float*, float*, i64 }">
// CHECK-NEXT: [[V:%[0-9]+]] = llvm.load [[P]] : !llvm<"float*">
// CHECK-NEXT: llvm.return [[V]] : !llvm.float
