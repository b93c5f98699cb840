// run: @get([1.0, 2.0, 3.0, 4.0], 0) -> 1.0 : f32
// run: @get([1.0, 2.0, 3.0, 4.0], 1) -> 2.0 : f32
// run: @get([1.0, 2.0, 3.0, 4.0], 3) -> 4.0 : f32
// run: @sum([[1, 2, 3], [4, 5, 6]]) -> 21 : i32
// run: @overlap([[1, 2, 3], [4, 5, 6]]) -> 26 : i32
// Views with negative and zero strides as entry arguments: the harness (and the C
// callers) lay the buffer out so that element i of the reversed view is at 3 - i, and
// every access stays inside it. MLIR 22's lowering of the same load multiplies the
// index by the stride with `overflow<nsw, nuw>` and offsets the pointer with
// `getelementptr inbounds|nuw`, both poison for a negative offset
// (docs/findings/mlir22-negative-stride-nuw.md): `interp --via upstream` reports
// the load at index 1 through a poison pointer.
func @get(%m: memref<4xf32, offset: 3, strides: [-1]>, %i: index) -> f32 {
  %v = load %m[%i] : memref<4xf32, offset: 3, strides: [-1]>
  return %v : f32
}
// Rows backwards, columns forwards with a gap: element (i, j) at 6 - 6 * i + 2 * j.
func @sum(%m: memref<2x3xi32, offset: 6, strides: [-6, 2]>) -> i32 {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = load %m[%c0, %c0] : memref<2x3xi32, offset: 6, strides: [-6, 2]>
  %b = load %m[%c0, %c1] : memref<2x3xi32, offset: 6, strides: [-6, 2]>
  %c = load %m[%c0, %c2] : memref<2x3xi32, offset: 6, strides: [-6, 2]>
  %d = load %m[%c1, %c0] : memref<2x3xi32, offset: 6, strides: [-6, 2]>
  %e = load %m[%c1, %c1] : memref<2x3xi32, offset: 6, strides: [-6, 2]>
  %f = load %m[%c1, %c2] : memref<2x3xi32, offset: 6, strides: [-6, 2]>
  %s1 = addi %a, %b : i32
  %s2 = addi %s1, %c : i32
  %s3 = addi %s2, %d : i32
  %s4 = addi %s3, %e : i32
  %s5 = addi %s4, %f : i32
  return %s5 : i32
}
// A view that overlaps itself: rows backwards by 4, columns forwards by 2, so element
// (1, 2) is element (0, 0) (address 4). Laying the argument out writes 1 there, then 6:
// every path reads 6 twice (2 + 3 + 4 + 5 + 6 + 6).
func @overlap(%m: memref<2x3xi32, offset: 4, strides: [-4, 2]>) -> i32 {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = load %m[%c0, %c0] : memref<2x3xi32, offset: 4, strides: [-4, 2]>
  %b = load %m[%c0, %c1] : memref<2x3xi32, offset: 4, strides: [-4, 2]>
  %c = load %m[%c0, %c2] : memref<2x3xi32, offset: 4, strides: [-4, 2]>
  %d = load %m[%c1, %c0] : memref<2x3xi32, offset: 4, strides: [-4, 2]>
  %e = load %m[%c1, %c1] : memref<2x3xi32, offset: 4, strides: [-4, 2]>
  %f = load %m[%c1, %c2] : memref<2x3xi32, offset: 4, strides: [-4, 2]>
  %s1 = addi %a, %b : i32
  %s2 = addi %s1, %c : i32
  %s3 = addi %s2, %d : i32
  %s4 = addi %s3, %e : i32
  %s5 = addi %s4, %f : i32
  return %s5 : i32
}
