// RUN: lower --syntax legacy
// Scalar types: i* -> !llvm.i*, f16 -> !llvm.half, f32 -> !llvm.float, f64 -> !llvm.double;
// index -> the pointer-sized integer (i64 on x86-64).
func @scalars(%a: i32, %b: f16, %c: f32, %d: f64, %e: index, %f: i1, %g: i17) {
  return
}
// CHECK-LABEL: llvm.func @scalars
// CHECK-SAME: %arg0: !llvm.i32, %arg1: !llvm.half, %arg2: !llvm.float, %arg3: !llvm.double, %arg4: !llvm.i64, %arg5: !llvm.i1, %arg6: !llvm.i17
// CHECK-NEXT: llvm.return
