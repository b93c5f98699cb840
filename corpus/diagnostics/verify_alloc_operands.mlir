func @f(%n: index) {
  // expected-error@+1 {{expects 2 operands for the dynamic dimensions of memref<?x?xf32>, found 1}}
  %0 = alloc(%n) : memref<?x?xf32>
  return
}
