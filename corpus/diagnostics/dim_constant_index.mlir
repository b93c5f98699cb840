// A dim whose index operand is a constant is checked like the attribute form.
func @main(%m: memref<4x?xf32>) -> index {
  %c2 = constant 2 : index
  // expected-error@+1:8 {{'std.dim' op index is out of range: constant index 2 for memref<4x?xf32> of rank 2}}
  %0 = dim %m, %c2 : memref<4x?xf32>
  return %0 : index
}
