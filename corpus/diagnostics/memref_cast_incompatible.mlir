func @f(%m: memref<4xf32>) {
  // expected-error@+1 {{memref_cast}}
  %0 = memref_cast %m : memref<4xf32> to memref<5xf32>
  return
}
