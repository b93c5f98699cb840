// RUN: lower --use-bare-ptr-memref-call-conv
// RUN: lower --use-bare-ptr-memref-call-conv --syntax legacy --check-prefix=LEGACY
// RUN: lower --use-bare-ptr-memref-call-conv --emit-c-interface --check-prefix=NOWRAP
// LLVM 11's use-bare-ptr-memref-call-conv: a memref with a static shape and static
// strides and offset is one pointer in a signature. The callee rebuilds the descriptor
// from it (both pointers the argument, offset, sizes and strides the type's
// constants); a call passes the aligned pointer. LLVM 11 applied the convention to
// arguments only: a memref result stays the full descriptor, returned and received as
// such (MLIR 22 returns a bare pointer; docs/upstream-differences.md). No C wrappers
// are made under the convention (LLVM 11's bare-pointer function lowering made none).
func @callee(%m: memref<2x3xf32>, %s: memref<4xi32, offset: 2, strides: [3]>) -> memref<2x3xf32> {
  return %m : memref<2x3xf32>
}
func @caller(%m: memref<2x3xf32>, %s: memref<4xi32, offset: 2, strides: [3]>) -> f32 {
  %r = call @callee(%m, %s) : (memref<2x3xf32>, memref<4xi32, offset: 2, strides: [3]>) -> memref<2x3xf32>
  %c1 = constant 1 : index
  %v = load %r[%c1, %c1] : memref<2x3xf32>
  return %v : f32
}
func @ext(memref<8xf64>) -> memref<8xf64>
// CHECK-LABEL: llvm.func @callee(%arg0: !llvm.ptr, %arg1: !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> {
// CHECK-NEXT: [[OFF:%[0-9]+]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: [[S0:%[0-9]+]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: [[S1:%[0-9]+]] = llvm.mlir.constant(3 : i64) : i64
// CHECK-NEXT: [[ST0:%[0-9]+]] = llvm.mlir.constant(3 : i64) : i64
// CHECK-NEXT: [[ST1:%[0-9]+]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: [[U:%[0-9]+]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: [[D0:%[0-9]+]] = llvm.insertvalue %arg0, [[U]][0]
// CHECK-NEXT: [[D1:%[0-9]+]] = llvm.insertvalue %arg0, [[D0]][1]
// CHECK-NEXT: [[D2:%[0-9]+]] = llvm.insertvalue [[OFF]], [[D1]][2]
// CHECK-NEXT: [[D3:%[0-9]+]] = llvm.insertvalue [[S0]], [[D2]][3, 0]
// CHECK-NEXT: [[D4:%[0-9]+]] = llvm.insertvalue [[ST0]], [[D3]][4, 0]
// CHECK-NEXT: [[D5:%[0-9]+]] = llvm.insertvalue [[S1]], [[D4]][3, 1]
// CHECK-NEXT: [[D:%[0-9]+]] = llvm.insertvalue [[ST1]], [[D5]][4, 1]
// The strided argument: offset 2, stride 3.
// CHECK-NEXT: [[OFF2:%[0-9]+]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: [[STR:%[0-9]+]] = llvm.mlir.constant(3 : i64) : i64
// CHECK: llvm.insertvalue [[OFF2]], {{%[0-9]+}}[2]
// CHECK: llvm.insertvalue [[STR]], {{%[0-9]+}}[4, 0]
// CHECK-NEXT: llvm.return [[D]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-LABEL: llvm.func @caller(%arg0: !llvm.ptr, %arg1: !llvm.ptr) -> f32 {
// CHECK: [[A0:%[0-9]+]] = llvm.extractvalue {{%[0-9]+}}[1] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: [[A1:%[0-9]+]] = llvm.extractvalue {{%[0-9]+}}[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: [[R:%[0-9]+]] = llvm.call @callee([[A0]], [[A1]]) : (!llvm.ptr, !llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NOT: llvm.insertvalue [[R]]
// CHECK: llvm.extractvalue [[R]][1]
// CHECK: llvm.func @ext(!llvm.ptr) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// LEGACY-LABEL: llvm.func @callee(%arg0: !llvm<"float*">, %arg1: !llvm<"i32*">) -> !llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }"> {
// LEGACY: llvm.call @callee({{%[0-9]+}}, {{%[0-9]+}}) : (!llvm<"float*">, !llvm<"i32*">) -> !llvm<"{ float*, float*, i64, [2 x i64], [2 x i64] }">
// LEGACY: llvm.func @ext(!llvm<"double*">) -> !llvm<"{ double*, double*, i64, [1 x i64], [1 x i64] }">
// NOWRAP-NOT: _mlir_ciface_
