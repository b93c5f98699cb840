// stdlower-options: --use-bare-ptr-memref-call-conv
// run: @main() -> 9 : i32
// RUN: lower --use-bare-ptr-memref-call-conv
// Memrefs in a nonzero memory space cross signatures as bare pointers in that address
// space (the merged memory-space and bare-pointer lowerings once passed !llvm.ptr<1>
// where the callee took !llvm.ptr: found by campaign --seed 20261121, cases 20 and 693).
// CHECK-LABEL: llvm.func @get(%{{.*}}: !llvm.ptr<1>, %{{.*}}: i64) -> i32
// A memref result stays its descriptor (LLVM 11), its pointers in that address space.
// CHECK-LABEL: llvm.func @make() -> !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: llvm.return %{{.*}} : !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-LABEL: llvm.func @main
// CHECK: llvm.call @make() : () -> !llvm.struct<(ptr<1>, ptr<1>, i64, array<1 x i64>, array<1 x i64>)>
func @get(%m: memref<4xi32, 1>, %i: index) -> i32 {
  %v = load %m[%i] : memref<4xi32, 1>
  return %v : i32
}
func @make() -> memref<4xi32, 1> {
  %m = alloc() : memref<4xi32, 1>
  %c1 = constant 1 : index
  %v = constant 9 : i32
  store %v, %m[%c1] : memref<4xi32, 1>
  return %m : memref<4xi32, 1>
}
func @main() -> i32 {
  %m = call @make() : () -> memref<4xi32, 1>
  %c1 = constant 1 : index
  %r = call @get(%m, %c1) : (memref<4xi32, 1>, index) -> i32
  return %r : i32
}
