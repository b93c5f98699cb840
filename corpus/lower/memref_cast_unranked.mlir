// RUN: lower
// Ranked -> unranked stores the descriptor in a stack slot and pairs its address with the
// rank; unranked -> ranked loads the descriptor through that pointer; ranked -> ranked
// keeps the descriptor.
func @f(%m: memref<2x3xf32>) -> memref<?x?xf32> {
  %u = memref_cast %m : memref<2x3xf32> to memref<*xf32>
  %r = memref_cast %u : memref<*xf32> to memref<2x3xf32>
  %d = memref_cast %r : memref<2x3xf32> to memref<?x?xf32>
  return %d : memref<?x?xf32>
}
// CHECK-LABEL: llvm.func @f(
// CHECK: [[D:%[0-9]+]] = llvm.insertvalue %arg6, {{%[0-9]+}}[4, 1]
// CHECK-NEXT: [[ONE:%[0-9]+]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: [[SLOT:%[0-9]+]] = llvm.alloca [[ONE]] x !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.store [[D]], [[SLOT]]
// CHECK-NEXT: [[P8:%[0-9]+]] = llvm.bitcast [[SLOT]]
// CHECK-NEXT: [[RANK:%[0-9]+]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: [[U0:%[0-9]+]] = llvm.mlir.undef : !llvm.struct<(i64, ptr)>
// CHECK-NEXT: [[U1:%[0-9]+]] = llvm.insertvalue [[RANK]], [[U0]][0]
// CHECK-NEXT: [[U2:%[0-9]+]] = llvm.insertvalue [[P8]], [[U1]][1]
// CHECK-NEXT: [[PTR:%[0-9]+]] = llvm.extractvalue [[U2]][1]
// CHECK-NEXT: [[DP:%[0-9]+]] = llvm.bitcast [[PTR]]
// CHECK-NEXT: [[R:%[0-9]+]] = llvm.load [[DP]] : !llvm.ptr -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: llvm.return [[R]]
