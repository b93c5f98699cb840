// stdlower-options: --use-bare-ptr-memref-call-conv
// RUN: lower --use-bare-ptr-memref-call-conv
// RUN: lower --use-bare-ptr-memref-call-conv --syntax legacy --check-prefix=LEGACY
// run: @main(3) -> 7 : i32, 20 : i32, 3 : index
// LLVM 11 applied the bare pointer calling convention to arguments only: a memref
// result stays the full descriptor, whatever its shape (a dynamic one too), and a
// caller can free a realigned buffer it got back, since the descriptor still holds the
// allocated pointer (issue 39: stdlower returned the aligned pointer, a later LLVM's
// rule, and the LLVM-level interpreter reported the `dealloc` an invalid free).
// CHECK-LABEL: llvm.func @make() -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
// CHECK: llvm.return {{%[0-9]+}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-LABEL: llvm.func @dynamic(%arg0: i64) -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> {
// CHECK-LABEL: llvm.func @main(%arg0: i64)
// CHECK: [[R:%[0-9]+]] = llvm.call @make() : () -> !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: [[A:%[0-9]+]] = llvm.extractvalue [[R]][0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: llvm.call @free
// LEGACY-LABEL: llvm.func @make() -> !llvm<"{ i32*, i32*, i64, [1 x i64], [1 x i64] }"> {
// LEGACY: llvm.call @make() : () -> !llvm<"{ i32*, i32*, i64, [1 x i64], [1 x i64] }">
func @make() -> memref<4xi32> {
  %m = alloc() {alignment = 256} : memref<4xi32>
  %c0 = constant 0 : index
  %c3 = constant 3 : index
  %a = constant 7 : i32
  %b = constant 20 : i32
  store %a, %m[%c0] : memref<4xi32>
  store %b, %m[%c3] : memref<4xi32>
  return %m : memref<4xi32>
}
func @dynamic(%n: index) -> memref<?xi32> {
  %m = alloc(%n) : memref<?xi32>
  return %m : memref<?xi32>
}
func @main(%n: index) -> (i32, i32, index) {
  %r = call @make() : () -> memref<4xi32>
  %c0 = constant 0 : index
  %c3 = constant 3 : index
  %x = load %r[%c0] : memref<4xi32>
  %y = load %r[%c3] : memref<4xi32>
  dealloc %r : memref<4xi32>
  %d = call @dynamic(%n) : (index) -> memref<?xi32>
  %k = dim %d, 0 : memref<?xi32>
  dealloc %d : memref<?xi32>
  return %x, %y, %k : i32, i32, index
}
