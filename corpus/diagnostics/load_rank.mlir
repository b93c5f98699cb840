func @f(%m: memref<?xf32>) -> f32 {
  %c = constant 0 : index
  // expected-error@+1 {{expects 1 indices}}
  %v = load %m[%c, %c] : memref<?xf32>
  return %v : f32
}
