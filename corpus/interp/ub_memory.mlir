// Undefined behaviour in memory: out-of-bounds loads and stores (per dimension,
// negative indices too), use after dealloc, double dealloc, dealloc of alloca memory,
// alloca memory used after its function returned, reads of memory never written (also
// while reading a result back), dim of a dimension that does not exist, and
// extract_element out of range. A dealloc through a cast view of the allocation is fine.
// run: @oob_load(4 : index) -> ub "out-of-bounds load: index 4 of dimension 0 with size 4"
// run: @oob_load(-1 : index) -> ub "out-of-bounds load: index -1 of dimension 0 with size 4"
// run: @oob_load(3 : index) -> 0 : i32
// run: @oob_store2d(1 : index, 3 : index) -> ub "out-of-bounds store: index 3 of dimension 1 with size 3"
// run: @use_after_free() -> ub "use after free: load of memory freed by dealloc at"
// run: @double_free() -> ub "double free"
// run: @free_alloca() -> ub "invalid free: dealloc of memory allocated by alloca"
// run: @free_via_cast() -> 7 : i64
// run: @escaped_alloca() -> ub "use after return"
// run: @uninit() -> ub "read of uninitialized memory"
// run: @uninit_result() -> ub "uninitialized read"
// run: @bad_dim(2 : index) -> ub "invalid dim: dim 2 of a memref of rank 2"
// run: @extract(4 : index) -> ub "out-of-bounds extract_element: index 4 of dimension 0 with size 4"
// run: @negative_alloc(-1 : index) -> ub "negative size"
func @oob_load(%i: index) -> i32 {
  %a = alloc() : memref<4xi32>
  %c0 = constant 0 : i32
  %k0 = constant 0 : index
  %k1 = constant 1 : index
  %k2 = constant 2 : index
  %k3 = constant 3 : index
  store %c0, %a[%k0] : memref<4xi32>
  store %c0, %a[%k1] : memref<4xi32>
  store %c0, %a[%k2] : memref<4xi32>
  store %c0, %a[%k3] : memref<4xi32>
  %x = load %a[%i] : memref<4xi32>
  dealloc %a : memref<4xi32>
  return %x : i32
}
func @oob_store2d(%i: index, %j: index) -> f32 {
  %n = constant 3 : index
  %a = alloc(%n) : memref<2x?xf32>
  %v = constant 1.0 : f32
  store %v, %a[%i, %j] : memref<2x?xf32>
  return %v : f32
}
func @use_after_free() -> i64 {
  %a = alloc() : memref<2xi64>
  %c0 = constant 0 : index
  %v = constant 1 : i64
  store %v, %a[%c0] : memref<2xi64>
  dealloc %a : memref<2xi64>
  %x = load %a[%c0] : memref<2xi64>
  return %x : i64
}
func @double_free() {
  %a = alloc() : memref<2xi64>
  %b = memref_cast %a : memref<2xi64> to memref<?xi64>
  dealloc %a : memref<2xi64>
  dealloc %b : memref<?xi64>
  return
}
func @free_alloca() {
  %a = alloca() : memref<2xi64>
  dealloc %a : memref<2xi64>
  return
}
func @free_via_cast() -> i64 {
  %a = alloc() : memref<2xi64>
  %c1 = constant 1 : index
  %v = constant 7 : i64
  store %v, %a[%c1] : memref<2xi64>
  %x = load %a[%c1] : memref<2xi64>
  %u = memref_cast %a : memref<2xi64> to memref<*xi64>
  %r = memref_cast %u : memref<*xi64> to memref<?xi64>
  dealloc %r : memref<?xi64>
  return %x : i64
}
func @make_alloca() -> memref<2xi64> {
  %a = alloca() : memref<2xi64>
  %c0 = constant 0 : index
  %v = constant 1 : i64
  store %v, %a[%c0] : memref<2xi64>
  return %a : memref<2xi64>
}
func @escaped_alloca() -> i64 {
  %a = call @make_alloca() : () -> memref<2xi64>
  %c0 = constant 0 : index
  %x = load %a[%c0] : memref<2xi64>
  return %x : i64
}
func @uninit() -> i64 {
  %a = alloc() : memref<2xi64>
  %c1 = constant 1 : index
  %x = load %a[%c1] : memref<2xi64>
  return %x : i64
}
func @uninit_result() -> memref<2xi64> {
  %a = alloc() : memref<2xi64>
  %c0 = constant 0 : index
  %v = constant 1 : i64
  store %v, %a[%c0] : memref<2xi64>
  return %a : memref<2xi64>
}
func @bad_dim(%k: index) -> index {
  %a = alloc() : memref<4x5xi8>
  %u = memref_cast %a : memref<4x5xi8> to memref<*xi8>
  %d = dim %u, %k : memref<*xi8>
  return %d : index
}
func @extract(%i: index) -> f32 {
  %v = constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %e = extract_element %v[%i] : vector<4xf32>
  return %e : f32
}
func @negative_alloc(%n: index) -> index {
  %a = alloc(%n) : memref<?xf32>
  %c0 = constant 0 : index
  %d = dim %a, 0 : memref<?xf32>
  return %d : index
}
