// RUN: lower
// alloc with an alignment: malloc(size + alignment - 1), then the aligned pointer is
// (p + alignment - 1) - (p + alignment - 1) urem alignment.
func @f() {
  %a = alloc() {alignment = 32} : memref<3xf64>
  return
}
// CHECK-LABEL: llvm.func @f() {
// CHECK: [[BYTES:%[0-9]+]] = llvm.ptrtoint {{%[0-9]+}} : !llvm.ptr to i64
// CHECK-NEXT: [[PAD:%[0-9]+]] = llvm.mlir.constant(31 : i64) : i64
// CHECK-NEXT: [[TOTAL:%[0-9]+]] = llvm.add [[BYTES]], [[PAD]] : i64
// CHECK-NEXT: [[RAW:%[0-9]+]] = llvm.call @malloc([[TOTAL]]) : (i64) -> !llvm.ptr
// CHECK-NEXT: [[ALLOC:%[0-9]+]] = llvm.bitcast [[RAW]]
// CHECK-NEXT: [[INT:%[0-9]+]] = llvm.ptrtoint [[RAW]] : !llvm.ptr to i64
// CHECK-NEXT: [[PAD64:%[0-9]+]] = llvm.mlir.constant(31 : i64) : i64
// CHECK-NEXT: [[BUMP:%[0-9]+]] = llvm.add [[INT]], [[PAD64]] : i64
// CHECK-NEXT: [[AL:%[0-9]+]] = llvm.mlir.constant(32 : i64) : i64
// CHECK-NEXT: [[REM:%[0-9]+]] = llvm.urem [[BUMP]], [[AL]] : i64
// CHECK-NEXT: [[DOWN:%[0-9]+]] = llvm.sub [[BUMP]], [[REM]] : i64
// CHECK-NEXT: [[ALIGNED:%[0-9]+]] = llvm.inttoptr [[DOWN]] : i64 to !llvm.ptr
// CHECK: llvm.insertvalue [[ALLOC]], {{%[0-9]+}}[0]
// CHECK-NEXT: llvm.insertvalue [[ALIGNED]], {{%[0-9]+}}[1]
