// RUN: lower
// An upstream-syntax module lowers exactly as its LLVM 11 spelling does: the ops
// become the same Standard ops, so the LLVM dialect output is the lowering's own.
func.func private @ext(memref<?xf32>) -> f32
func.func @f(%m: memref<?xf32>, %i: index, %v: vector<4xi32>) -> (f32, i32, i64) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<?xf32>
  %x = memref.load %m[%i] : memref<?xf32>
  %y = math.absf %x : f32
  %e = vector.extract %v[2] : i32 from vector<4xi32>
  %w = arith.extsi %e : i32 to i64
  %r = func.call @ext(%m) : (memref<?xf32>) -> f32
  %s = arith.addf %y, %r : f32
  func.return %s, %e, %w : f32, i32, i64
}
// CHECK: llvm.func @ext(!llvm.ptr, !llvm.ptr, i64, i64, i64) -> f32
// CHECK-LABEL: llvm.func @f(
// CHECK: [[SIZE:%[0-9]+]] = llvm.extractvalue {{%[0-9]+}}[3, 0]
// CHECK: [[PTR:%[0-9]+]] = llvm.getelementptr {{%[0-9]+}}[{{%[0-9]+}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: [[X:%[0-9]+]] = llvm.load [[PTR]] : !llvm.ptr -> f32
// CHECK-NEXT: [[ABS:%[0-9]+]] = llvm.intr.fabs([[X]]) : (f32) -> f32
// CHECK-NEXT: [[TWO:%[0-9]+]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: [[E:%[0-9]+]] = llvm.extractelement %arg6[[[TWO]] : i64] : vector<4xi32>
// CHECK-NEXT: {{%[0-9]+}} = llvm.sext [[E]] : i32 to i64
// CHECK: [[R:%[0-9]+]] = llvm.call @ext(
// CHECK-NEXT: {{%[0-9]+}} = llvm.fadd [[ABS]], [[R]] : f32
