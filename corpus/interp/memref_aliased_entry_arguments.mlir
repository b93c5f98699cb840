// run: @same([1, 2, 3] : memref<3xi32>, @0 : memref<3xi32>) -> 7 : i32, [7, 2, 3] : memref<3xi32>
// run --level llvm: @_mlir_ciface_same([1, 2, 3] : memref<3xi32>, @0 : memref<3xi32>) -> 7 : i32, [7, 2, 3] : memref<3xi32>
// run: @grid([0, 0, 0, 0, 0, 0, 0, 0] : memref<8xi64>, @0(offset: 1, sizes: [2, 2], strides: [4, 2]) : memref<2x2xi64, offset: ?, strides: [?, ?]>, @0(offset: 0, sizes: [3], strides: [0]) : memref<3xi64, offset: ?, strides: [?]>) -> 9 : i64, [9, 0, 0, 0, 0, 0, 0, 5] : memref<8xi64>, [[0, 0], [0, 5]] : memref<2x2xi64, offset: ?, strides: [?, ?]>
// run: @prefix([1, 2, 3, 4] : memref<4xi32>, @0(offset: 0, sizes: [2], strides: [1]) : memref<2xi32>) -> [1, 9, 3, 9] : memref<4xi32>
// Entry arguments that alias: a memref argument given as a view of an earlier one's
// buffer (`--arg @J`, `--arg '@J(offset: O, sizes: [..], strides: [..])'`). Every
// caller (the Standard interpreter, the LLVM level, the JIT, and a C wrapper's caller)
// passes the base's buffer, not a copy: a store through one argument is seen through
// the other. A caller that copied the view would return [1, 2, 3] from @same. A
// negative-stride view is in memref_aliased_negative_stride.mlir (MLIR 22 cannot run
// it: docs/findings/mlir22-negative-stride-nuw.md).
func @same(%a: memref<3xi32>, %b: memref<3xi32>) -> (i32, memref<3xi32>) attributes {llvm.emit_c_interface} {
  %c0 = constant 0 : index
  %c7 = constant 7 : i32
  store %c7, %a[%c0] : memref<3xi32>
  %v = load %b[%c0] : memref<3xi32>
  return %v, %b : i32, memref<3xi32>
}
// A 2-D view with gaps (cells 1, 3, 5, 7) and a broadcast view of cell 0 (stride 0).
func @grid(%a: memref<8xi64>, %g: memref<2x2xi64, offset: ?, strides: [?, ?]>, %bc: memref<3xi64, offset: ?, strides: [?]>) -> (i64, memref<8xi64>, memref<2x2xi64, offset: ?, strides: [?, ?]>) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %c5 = constant 5 : i64
  %c9 = constant 9 : i64
  store %c5, %g[%c1, %c1] : memref<2x2xi64, offset: ?, strides: [?, ?]>
  store %c9, %bc[%c2] : memref<3xi64, offset: ?, strides: [?]>
  %x = load %bc[%c1] : memref<3xi64, offset: ?, strides: [?]>
  return %x, %a, %g : i64, memref<8xi64>, memref<2x2xi64, offset: ?, strides: [?, ?]>
}
// An identity-layout view of a prefix: a store through it is seen through the base.
func @prefix(%a: memref<4xi32>, %p: memref<2xi32>) -> memref<4xi32> {
  %c1 = constant 1 : index
  %c3 = constant 3 : index
  %c9 = constant 9 : i32
  store %c9, %p[%c1] : memref<2xi32>
  %v = load %a[%c1] : memref<4xi32>
  store %v, %a[%c3] : memref<4xi32>
  return %a : memref<4xi32>
}
