// stdlower-options: --use-aligned-alloc
// run: @main() -> 7.5 : f32, 3 : index
// RUN: lower --use-aligned-alloc
// An alloc in a nonzero memory space under --use-aligned-alloc: aligned_alloc's
// address-space-0 pointer reaches the descriptor through llvm.addrspacecast (the
// merged memory-space and aligned_alloc lowerings once put the plain pointer into a
// !llvm.ptr<3> field: found by campaign --seed 20261121, case 22).
// CHECK-LABEL: llvm.func @main
// CHECK: %[[RAW:.*]] = llvm.call @aligned_alloc
// CHECK: llvm.addrspacecast %[[RAW]] : !llvm.ptr to !llvm.ptr<3>
// CHECK: llvm.func @aligned_alloc(i64, i64) -> !llvm.ptr
func @main() -> (f32, index) {
  %c0 = constant 0 : index
  %c2 = constant 2 : index
  %n = constant 3 : index
  %m = alloc(%n) {alignment = 32} : memref<?xf32, 3>
  %v = constant 7.5 : f32
  store %v, %m[%c2] : memref<?xf32, 3>
  %r = load %m[%c2] : memref<?xf32, 3>
  %d = dim %m, 0 : memref<?xf32, 3>
  return %r, %d : f32, index
}
