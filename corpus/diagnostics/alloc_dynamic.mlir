func @f() {
  // expected-error@+1 {{dynamic dimensions}}
  %0 = alloc() : memref<?xf32>
  return
}
