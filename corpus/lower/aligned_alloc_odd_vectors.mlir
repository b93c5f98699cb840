// RUN: lower --use-aligned-alloc
// aligned_alloc's default alignment counts a vector element as LLVM 11's
// getMemRefEltSizeInBytes does: the element type's bit width times the element count,
// rounded up to bytes once, then to a power of two of at least 16. vector<6xi17> is
// 102 bits, 13 bytes: alignment 16 (a byte count per lane, 3 x 6 = 18, would ask for
// 32); vector<17xi4> is 68 bits, 9 bytes: 16 (not 17 -> 32); vector<3x7xi33> is 693
// bits, 87 bytes: 128. The heap-sizes oracle found the per-lane count.
func @f() {
  %a = alloc() : memref<vector<6xi17>>
  %b = alloc() : memref<2xvector<17xi4>>
  %c = alloc() : memref<vector<3x7xi33>>
  return
}
// CHECK-LABEL: llvm.func @f() {
// CHECK: llvm.sub
// CHECK-NEXT: [[A:%[0-9]+]] = llvm.mlir.constant(16 : i64) : i64
// CHECK-NEXT: llvm.call @aligned_alloc([[A]],
// CHECK: llvm.sub
// CHECK-NEXT: [[B:%[0-9]+]] = llvm.mlir.constant(16 : i64) : i64
// CHECK-NEXT: llvm.call @aligned_alloc([[B]],
// CHECK: llvm.sub
// CHECK-NEXT: [[C:%[0-9]+]] = llvm.mlir.constant(128 : i64) : i64
// CHECK-NEXT: llvm.call @aligned_alloc([[C]],
// CHECK: llvm.return
