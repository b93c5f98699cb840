// RUN: lower --use-aligned-alloc
// RUN: lower --use-aligned-alloc --syntax legacy --check-prefix=LEGACY
// LLVM 11's use-aligned-alloc: alloc calls aligned_alloc(alignment, size), with the
// `alignment` attribute if given, else the element's size rounded up to a power of
// two and at least 16 bytes; the size is rounded up to a multiple of the alignment
// unless the static shape already makes it one (32x18xf32: 2304 bytes). Both
// descriptor pointers are the result; dealloc still calls free.
func @f(%n: index) {
  %a = alloc() : memref<32x18xf32>
  %b = alloc() {alignment = 32} : memref<100xf32>
  %c = alloc(%n) : memref<?xvector<18xf32>>
  %d = alloc() {alignment = 8} : memref<4xvector<4xf32>>
  %e = alloca() {alignment = 64} : memref<2xf32>
  dealloc %a : memref<32x18xf32>
  return
}
// CHECK-LABEL: llvm.func @f(%arg0: i64) {
// CHECK: [[BYTES:%[0-9]+]] = llvm.ptrtoint {{%[0-9]+}} : !llvm.ptr to i64
// CHECK-NEXT: [[A16:%[0-9]+]] = llvm.mlir.constant(16 : i64) : i64
// CHECK-NEXT: [[RAW:%[0-9]+]] = llvm.call @aligned_alloc([[A16]], [[BYTES]]) : (i64, i64) -> !llvm.ptr
// CHECK-NEXT: [[P:%[0-9]+]] = llvm.bitcast [[RAW]]
// CHECK-NEXT: llvm.mlir.undef
// CHECK-NEXT: llvm.insertvalue [[P]], {{%[0-9]+}}[0]
// CHECK-NEXT: llvm.insertvalue [[P]], {{%[0-9]+}}[1]
// 100xf32 with alignment 32: 400 bytes, rounded up to 416.
// CHECK: [[B:%[0-9]+]] = llvm.ptrtoint {{%[0-9]+}} : !llvm.ptr to i64
// CHECK-NEXT: [[PAD:%[0-9]+]] = llvm.mlir.constant(31 : i64) : i64
// CHECK-NEXT: [[BUMP:%[0-9]+]] = llvm.add [[B]], [[PAD]] : i64
// CHECK-NEXT: [[A32:%[0-9]+]] = llvm.mlir.constant(32 : i64) : i64
// CHECK-NEXT: [[REM:%[0-9]+]] = llvm.urem [[BUMP]], [[A32]] : i64
// CHECK-NEXT: [[SIZE:%[0-9]+]] = llvm.sub [[BUMP]], [[REM]] : i64
// CHECK-NEXT: [[AL:%[0-9]+]] = llvm.mlir.constant(32 : i64) : i64
// CHECK-NEXT: llvm.call @aligned_alloc([[AL]], [[SIZE]])
// vector<18xf32> is 72 bytes: alignment 128.
// CHECK: llvm.getelementptr {{%[0-9]+}}[{{%[0-9]+}}] : (!llvm.ptr, i64) -> !llvm.ptr, vector<18xf32>
// CHECK: llvm.mlir.constant(127 : i64) : i64
// CHECK: llvm.sub
// CHECK-NEXT: [[A128:%[0-9]+]] = llvm.mlir.constant(128 : i64) : i64
// CHECK-NEXT: llvm.call @aligned_alloc([[A128]],
// An explicit alignment below 16 is taken as given.
// CHECK: [[A8:%[0-9]+]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-NEXT: llvm.call @aligned_alloc([[A8]],
// alloca is not affected.
// CHECK: llvm.alloca {{%[0-9]+}} x f32 {alignment = 64 : i64}
// CHECK: llvm.call @free(
// CHECK-NOT: @malloc
// CHECK: llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
// CHECK-NEXT: llvm.func @free(!llvm.ptr)
// LEGACY: [[A16:%[0-9]+]] = llvm.mlir.constant(16 : i64) : !llvm.i64
// LEGACY-NEXT: [[RAW:%[0-9]+]] = llvm.call @aligned_alloc([[A16]], {{%[0-9]+}}) : (!llvm.i64, !llvm.i64) -> !llvm<"i8*">
// LEGACY-NEXT: llvm.bitcast [[RAW]] : !llvm<"i8*"> to !llvm<"float*">
// LEGACY: llvm.func @aligned_alloc(!llvm.i64, !llvm.i64) -> !llvm<"i8*">
