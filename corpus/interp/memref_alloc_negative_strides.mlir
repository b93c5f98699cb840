// run: @main() -> 4.0 : f32, 1.0 : f32, 7.0 : f32, 21.0 : f32, 10 : index, 5.0 : f32
// Allocations whose layouts have negative strides, a zero stride and a dimension
// without extent: the buffer covers every element address the layout can reach, from
// offset + sum(min(0, (n - 1) * s)) to offset + sum(max(0, (n - 1) * s)) (issue 39:
// `offset: 3, strides: [-1]` of 4 elements once called malloc(0), and the LLVM level
// reported the store to element 0 out of bounds).
func @main() -> (f32, f32, f32, f32, index, f32) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %c3 = constant 3 : index
  %c4 = constant 4 : index
  %one = constant 1.0 : f32
  %four = constant 4.0 : f32
  // A reversed vector: element i is at 3 - i.
  %r = alloc() : memref<4xf32, offset: 3, strides: [-1]>
  store %one, %r[%c3] : memref<4xf32, offset: 3, strides: [-1]>
  store %four, %r[%c0] : memref<4xf32, offset: 3, strides: [-1]>
  %a = load %r[%c0] : memref<4xf32, offset: 3, strides: [-1]>
  %b = load %r[%c3] : memref<4xf32, offset: 3, strides: [-1]>
  dealloc %r : memref<4xf32, offset: 3, strides: [-1]>
  // Both strides negative, on the stack: 3 x 5 reversed in both dimensions, 15 elements.
  %s = alloca() : memref<3x5xf32, offset: 14, strides: [-5, -1]>
  %seven = constant 7.0 : f32
  store %seven, %s[%c2, %c4] : memref<3x5xf32, offset: 14, strides: [-5, -1]>
  store %one, %s[%c0, %c0] : memref<3x5xf32, offset: 14, strides: [-5, -1]>
  %c = load %s[%c2, %c4] : memref<3x5xf32, offset: 14, strides: [-5, -1]>
  // A broadcast row (stride 0) with gaps between columns (stride 3): every row is the
  // same four elements, so a store through row 2 is seen through row 0.
  %z = alloc() : memref<3x4xf32, offset: 1, strides: [0, 3]>
  %x = constant 21.0 : f32
  store %x, %z[%c2, %c1] : memref<3x4xf32, offset: 1, strides: [0, 3]>
  %d = load %z[%c0, %c1] : memref<3x4xf32, offset: 1, strides: [0, 3]>
  dealloc %z : memref<3x4xf32, offset: 1, strides: [0, 3]>
  // No extent: nothing to reach, the sizes still there.
  %e = alloc() : memref<10x0x2xf32>
  %n = dim %e, 0 : memref<10x0x2xf32>
  dealloc %e : memref<10x0x2xf32>
  %ea = alloca() : memref<10x0x2xf32, offset: 5, strides: [-1, 3, -2]>
  // Dynamic sizes with a negative stride: the offset leaves room for up to 6 rows.
  %q = alloc(%c3) : memref<?x2xf32, offset: 10, strides: [-2, 1]>
  %five = constant 5.0 : f32
  store %five, %q[%c2, %c1] : memref<?x2xf32, offset: 10, strides: [-2, 1]>
  %f = load %q[%c2, %c1] : memref<?x2xf32, offset: 10, strides: [-2, 1]>
  dealloc %q : memref<?x2xf32, offset: 10, strides: [-2, 1]>
  return %a, %b, %c, %d, %n, %f : f32, f32, f32, f32, index, f32
}
// run: @too_far(7) -> ub "reaches 2 elements before its buffer"
// With dynamic sizes the lowest reachable address is known at run time only: an
// allocation whose layout reaches before its buffer is undefined behaviour, reported
// at the alloc by the Standard interpreter (the lowering allocates up to the highest).
func @too_far(%n: index) {
  %q = alloc(%n) : memref<?xf32, offset: 4, strides: [-1]>
  dealloc %q : memref<?xf32, offset: 4, strides: [-1]>
  return
}
