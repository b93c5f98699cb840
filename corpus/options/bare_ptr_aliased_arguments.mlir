// stdlower-options: --use-bare-ptr-memref-call-conv
// run: @strided([0, 1, 2, 3, 4, 5] : memref<6xi32>, @0(offset: 1, sizes: [2], strides: [2]) : memref<2xi32, offset: 1, strides: [2]>) -> 1 : i32, [0, 1, 2, 8, 4, 5] : memref<6xi32>
// run: @twice([5, 6] : memref<2xi32>, @0 : memref<2xi32>) -> 7 : i32
// Aliased entry arguments under the bare pointer convention: a view is passed as its
// base's pointer (the callee rebuilds the descriptor from the type, whose static
// offset is the view's), so the store through %b lands in %a's buffer, cell 1 + 2 * 1.
func @strided(%a: memref<6xi32>, %b: memref<2xi32, offset: 1, strides: [2]>) -> (i32, memref<6xi32>) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c8 = constant 8 : i32
  store %c8, %b[%c1] : memref<2xi32, offset: 1, strides: [2]>
  %v = load %b[%c0] : memref<2xi32, offset: 1, strides: [2]>
  return %v, %a : i32, memref<6xi32>
}
func @twice(%a: memref<2xi32>, %b: memref<2xi32>) -> i32 {
  %c1 = constant 1 : index
  %c7 = constant 7 : i32
  store %c7, %a[%c1] : memref<2xi32>
  %v = load %b[%c1] : memref<2xi32>
  return %v : i32
}
