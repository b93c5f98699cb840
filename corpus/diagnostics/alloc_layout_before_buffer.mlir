// An allocation whose static layout reaches an element address before its buffer
// (offset + sum(min(0, (size - 1) * stride)) < 0) is a located error, not a buffer
// too small for the view (issue 39); the offset must make room for negative strides.
func @f() {
  // expected-error@+1:8 {{reaches 3 elements before the buffer it allocates}}
  %0 = alloc() : memref<4xf32, offset: 0, strides: [-1]>
  // expected-error@+1:8 {{give it an offset of at least 14}}
  %1 = alloca() : memref<3x5xf32, offset: 2, strides: [-5, -1]>
  // Fine: the lowest element is element 0 of the buffer, or the view has no extent.
  %2 = alloc() : memref<4xf32, offset: 3, strides: [-1]>
  %3 = alloc() : memref<0x4xf32, offset: 0, strides: [-4, 1]>
  return
}
