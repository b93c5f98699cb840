// RUN: lower
// alloc: sizes from the shape and the dynamic operands, row-major strides, the byte size
// by the GEP-on-null idiom, malloc, and a descriptor; dealloc frees the allocated pointer.
func @f(%n: index) {
  %a = alloc(%n) : memref<?x4xf32>
  dealloc %a : memref<?x4xf32>
  return
}
// CHECK-LABEL: llvm.func @f(%arg0: i64) {
// CHECK-NEXT: [[C4:%[0-9]+]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: [[ONE:%[0-9]+]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: [[ST:%[0-9]+]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: [[OFF:%[0-9]+]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: [[STATIC:%[0-9]+]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: [[N:%[0-9]+]] = llvm.mul [[STATIC]], %arg0 : i64
// CHECK-NEXT: [[NULL:%[0-9]+]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: [[END:%[0-9]+]] = llvm.getelementptr [[NULL]]{{\[}}[[N]]{{\]}} : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NEXT: [[BYTES:%[0-9]+]] = llvm.ptrtoint [[END]] : !llvm.ptr to i64
// CHECK-NEXT: [[RAW:%[0-9]+]] = llvm.call @malloc([[BYTES]]) : (i64) -> !llvm.ptr
// CHECK-NEXT: [[P:%[0-9]+]] = llvm.bitcast [[RAW]] : !llvm.ptr to !llvm.ptr
// CHECK-NEXT: [[D0:%[0-9]+]] = llvm.mlir.undef : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: [[D1:%[0-9]+]] = llvm.insertvalue [[P]], [[D0]][0]
// CHECK-NEXT: [[D2:%[0-9]+]] = llvm.insertvalue [[P]], [[D1]][1]
// CHECK-NEXT: [[D3:%[0-9]+]] = llvm.insertvalue [[OFF]], [[D2]][2]
// CHECK-NEXT: [[D4:%[0-9]+]] = llvm.insertvalue %arg0, [[D3]][3, 0]
// CHECK-NEXT: [[D5:%[0-9]+]] = llvm.insertvalue [[ST]], [[D4]][4, 0]
// CHECK-NEXT: [[D6:%[0-9]+]] = llvm.insertvalue [[C4]], [[D5]][3, 1]
// CHECK-NEXT: [[D7:%[0-9]+]] = llvm.insertvalue [[ONE]], [[D6]][4, 1]
// CHECK-NEXT: [[A:%[0-9]+]] = llvm.extractvalue [[D7]][0]
// CHECK-NEXT: [[A8:%[0-9]+]] = llvm.bitcast [[A]] : !llvm.ptr to !llvm.ptr
// CHECK-NEXT: llvm.call @free([[A8]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.return
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-NEXT: llvm.func @free(!llvm.ptr)
