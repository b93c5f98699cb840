// RUN: lower --syntax legacy
// Index linearization: each stride is extracted from the descriptor and multiplied with
// its index, the products are summed, the offset is added, and the aligned pointer is
// advanced by the result with a GEP.
func @load4(%m: memref<10x?x13x?xf32>) -> f32 {
  %i1 = constant 1 : index
  %i2 = constant 2 : index
  %i3 = constant 3 : index
  %i4 = constant 4 : index
  %0 = load %m[%i1, %i2, %i3, %i4] : memref<10x?x13x?xf32>
  return %0 : f32
}
// CHECK-LABEL: llvm.func @load4
// CHECK: [[D:%[0-9]+]] = llvm.insertvalue %arg10, {{%[0-9]+}}[4, 3]
// CHECK-NEXT: [[IDX1:%[0-9]+]] = llvm.mlir.constant(1 : i64) : !llvm.i64
// CHECK-NEXT: [[IDX2:%[0-9]+]] = llvm.mlir.constant(2 : i64) : !llvm.i64
// CHECK-NEXT: [[IDX3:%[0-9]+]] = llvm.mlir.constant(3 : i64) : !llvm.i64
// CHECK-NEXT: [[IDX4:%[0-9]+]] = llvm.mlir.constant(4 : i64) : !llvm.i64
// CHECK-NEXT: [[STRIDE1:%[0-9]+]] = llvm.extractvalue [[D]][4, 0] : !llvm<"{ float*, float*, i64, [4 x i64], [4 x i64] }">
// CHECK-NEXT: [[ADDR1:%[0-9]+]] = llvm.mul [[STRIDE1]], [[IDX1]] : !llvm.i64
// CHECK-NEXT: [[STRIDE2:%[0-9]+]] = llvm.extractvalue [[D]][4, 1]
// CHECK-NEXT: [[ADDR2:%[0-9]+]] = llvm.mul [[STRIDE2]], [[IDX2]] : !llvm.i64
// CHECK-NEXT: [[ADDR3:%[0-9]+]] = llvm.add [[ADDR1]], [[ADDR2]] : !llvm.i64
// CHECK-NEXT: [[STRIDE3:%[0-9]+]] = llvm.extractvalue [[D]][4, 2]
// CHECK-NEXT: [[ADDR4:%[0-9]+]] = llvm.mul [[STRIDE3]], [[IDX3]] : !llvm.i64
// CHECK-NEXT: [[ADDR5:%[0-9]+]] = llvm.add [[ADDR3]], [[ADDR4]] : !llvm.i64
// CHECK-NEXT: [[STRIDE4:%[0-9]+]] = llvm.extractvalue [[D]][4, 3]
// CHECK-NEXT: [[ADDR6:%[0-9]+]] = llvm.mul [[STRIDE4]], [[IDX4]] : !llvm.i64
// CHECK-NEXT: [[ADDR7:%[0-9]+]] = llvm.add [[ADDR5]], [[ADDR6]] : !llvm.i64
// CHECK-NEXT: [[OFFSET:%[0-9]+]] = llvm.extractvalue [[D]][2]
// CHECK-NEXT: [[ADDR8:%[0-9]+]] = llvm.add [[ADDR7]], [[OFFSET]] : !llvm.i64
// CHECK-NEXT: [[ALIGNED:%[0-9]+]] = llvm.extractvalue [[D]][1]
// CHECK-NEXT: [[PTR:%[0-9]+]] = llvm.getelementptr [[ALIGNED]]{{\[}}[[ADDR8]]{{\]}} : (!llvm<"float*">, !llvm.i64) -> !llvm<"float*">
// CHECK-NEXT: [[V:%[0-9]+]] = llvm.load [[PTR]] : !llvm<"float*">
// CHECK-NEXT: llvm.return [[V]] : !llvm.float
