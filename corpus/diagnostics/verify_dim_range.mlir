func @f(%m: memref<2x?xf32>) -> index {
  // expected-error@+1 {{index 2 is out of range for memref<2x?xf32> of rank 2}}
  %0 = dim %m, 2 : memref<2x?xf32>
  return %0 : index
}
