// Memref ops: index counts against the rank, unranked accesses, dim indices, casts,
// dynamic sizes, each reported at its op.
func @rank0_with_index(%m: memref<f32>, %i: index) -> f32 {
  // expected-error@+1:8 {{'std.load' op expects 0 indices for a memref of rank 0, found 1}}
  %0 = load %m[%i] : memref<f32>
  return %0 : f32
}
func @store_rank(%m: memref<4x4xf32>, %i: index, %v: f32) {
  // expected-error@+1:3 {{'std.store' op expects 2 indices for a memref of rank 2, found 1}}
  store %v, %m[%i] : memref<4x4xf32>
  return
}
func @load_unranked(%m: memref<*xf32>, %i: index) -> f32 {
  // expected-error@+1:8 {{'std.load' op operand #0 must be a ranked memref, found memref<*xf32>}}
  %0 = load %m[%i] : memref<*xf32>
  return %0 : f32
}
func @dim_rank0(%m: memref<f32>) -> index {
  // expected-error@+1:8 {{'std.dim' op index 0 is out of range for memref<f32> of rank 0}}
  %0 = dim %m, 0 : memref<f32>
  return %0 : index
}
func @cast_element(%m: memref<4xf32>) {
  // expected-error@+1:8 {{'std.memref_cast' op requires the same element type}}
  %0 = memref_cast %m : memref<4xf32> to memref<4xf64>
  return
}
func @alloc_static_with_operand(%n: index) {
  // expected-error@+1:8 {{'std.alloc' op expects 0 operands for the dynamic dimensions of memref<4xf32>, found 1}}
  %0 = alloc(%n) : memref<4xf32>
  return
}
func @alignment(%n: index) {
  // expected-error@+1:8 {{'std.alloc' op 'alignment' must be a positive power of two}}
  %0 = alloc() {alignment = 3} : memref<4xf32>
  return
}
