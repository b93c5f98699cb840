func @f(%u: memref<*xf32>) {
  // expected-error@+1 {{cannot cast an unranked memref to an unranked memref}}
  %0 = memref_cast %u : memref<*xf32> to memref<*xf32>
  return
}
