func @f(%m: memref<4x?xf32>, %i: index) -> f32 {
  // expected-error@+1 {{expects 2 indices for a memref of rank 2, found 1}}
  %0 = load %m[%i] : memref<4x?xf32>
  return %0 : f32
}
