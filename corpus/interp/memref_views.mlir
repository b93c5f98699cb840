// Memrefs as buffers plus views: dynamic alloc and dim, rank, casts to dynamic,
// unranked and strided layouts and back, alignment, memref results read through
// their view, memrefs of vectors, alloca inside a callee, rank-0 memrefs.
// run: @sizes(3 : index, 4 : index) -> 3 : index, 4 : index, 2 : index, 12 : index
// run: @strided() -> 1234 : i64
// run: @result(3 : index) -> [[0, 1, 2], [10, 11, 12]] : memref<2x?xi64>
// run: @arg([[1.5, 2.5], [3.5, 4.5]] : memref<2x2xf32>) -> 12.0 : f32, [[1.5, 2.5], [3.5, -1.0]] : memref<2x2xf32>
// run: @unranked([7, 8, 9] : memref<3xi32>) -> 1 : index, 3 : index, 24 : i32
// run: @scalar0() -> 42 : i16, 42 : memref<i16>
// run: @vec_elems() -> 2.0 : f64, 3.0 : f64
// run: @use_alloca(5 : i64) -> 15 : i64
func @sizes(%n: index, %m: index) -> (index, index, index, index) {
  %a = alloc(%n, %m) {alignment = 64} : memref<?x?xf32>
  %d0 = dim %a, 0 : memref<?x?xf32>
  %d1 = dim %a, 1 : memref<?x?xf32>
  %r = rank %a : memref<?x?xf32>
  %u = memref_cast %a : memref<?x?xf32> to memref<*xf32>
  %ru = rank %u : memref<*xf32>
  %b = memref_cast %u : memref<*xf32> to memref<?x?xf32>
  %dd = dim %b, 1 : memref<?x?xf32>
  %p = muli %d0, %dd : index
  dealloc %b : memref<?x?xf32>
  return %d0, %d1, %ru, %p : index, index, index, index
}
func @strided() -> i64 {
  %a = alloc() : memref<3x4xi64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %c3 = constant 3 : index
  %v1 = constant 1000 : i64
  %v2 = constant 200 : i64
  %v3 = constant 30 : i64
  %v4 = constant 4 : i64
  store %v1, %a[%c0, %c0] : memref<3x4xi64>
  store %v2, %a[%c1, %c2] : memref<3x4xi64>
  store %v3, %a[%c2, %c1] : memref<3x4xi64>
  store %v4, %a[%c2, %c3] : memref<3x4xi64>
  %s = memref_cast %a : memref<3x4xi64> to memref<3x4xi64, offset: 0, strides: [4, 1]>
  %d = memref_cast %s : memref<3x4xi64, offset: 0, strides: [4, 1]> to memref<?x?xi64, offset: ?, strides: [?, ?]>
  %x1 = load %d[%c0, %c0] : memref<?x?xi64, offset: ?, strides: [?, ?]>
  %x2 = load %s[%c1, %c2] : memref<3x4xi64, offset: 0, strides: [4, 1]>
  %b = memref_cast %d : memref<?x?xi64, offset: ?, strides: [?, ?]> to memref<?x4xi64>
  %x3 = load %b[%c2, %c1] : memref<?x4xi64>
  %x4 = load %b[%c2, %c3] : memref<?x4xi64>
  %t1 = addi %x1, %x2 : i64
  %t2 = addi %x3, %x4 : i64
  %t = addi %t1, %t2 : i64
  dealloc %b : memref<?x4xi64>
  return %t : i64
}
func @result(%n: index) -> memref<2x?xi64> {
  %a = alloc(%n) : memref<2x?xi64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %ten = constant 10 : i64
  br ^loop(%c0 : index)
^loop(%j: index):
  %more = cmpi "slt", %j, %n : index
  cond_br %more, ^body, ^done
^body:
  %jv = index_cast %j : index to i64
  store %jv, %a[%c0, %j] : memref<2x?xi64>
  %w = addi %jv, %ten : i64
  store %w, %a[%c1, %j] : memref<2x?xi64>
  %j2 = addi %j, %c1 : index
  br ^loop(%j2 : index)
^done:
  return %a : memref<2x?xi64>
}
func @arg(%m: memref<2x2xf32>) -> (f32, memref<2x2xf32>) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = load %m[%c0, %c0] : memref<2x2xf32>
  %b = load %m[%c0, %c1] : memref<2x2xf32>
  %c = load %m[%c1, %c0] : memref<2x2xf32>
  %d = load %m[%c1, %c1] : memref<2x2xf32>
  %s1 = addf %a, %b : f32
  %s2 = addf %c, %d : f32
  %s = addf %s1, %s2 : f32
  %k = constant -1.0 : f32
  store %k, %m[%c1, %c1] : memref<2x2xf32>
  return %s, %m : f32, memref<2x2xf32>
}
func @sum_unranked(%u: memref<*xi32>) -> (index, index, i32) {
  %m = memref_cast %u : memref<*xi32> to memref<?xi32>
  %r = rank %u : memref<*xi32>
  %n = dim %m, 0 : memref<?xi32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = load %m[%c0] : memref<?xi32>
  %b = load %m[%c1] : memref<?xi32>
  %c = load %m[%c2] : memref<?xi32>
  %s1 = addi %a, %b : i32
  %s = addi %s1, %c : i32
  return %r, %n, %s : index, index, i32
}
func @unranked(%m: memref<3xi32>) -> (index, index, i32) {
  %u = memref_cast %m : memref<3xi32> to memref<*xi32>
  %r:3 = call @sum_unranked(%u) : (memref<*xi32>) -> (index, index, i32)
  return %r#0, %r#1, %r#2 : index, index, i32
}
func @scalar0() -> (i16, memref<i16>) {
  %a = alloc() : memref<i16>
  %v = constant 42 : i16
  store %v, %a[] : memref<i16>
  %x = load %a[] : memref<i16>
  return %x, %a : i16, memref<i16>
}
func @vec_elems() -> (f64, f64) {
  %a = alloc() : memref<2xvector<2xf64>>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %one = constant 1.0 : f64
  %s = splat %one : vector<2xf64>
  store %s, %a[%c0] : memref<2xvector<2xf64>>
  %x = load %a[%c0] : memref<2xvector<2xf64>>
  %d = constant dense<[1.0, 2.0]> : vector<2xf64>
  %y = addf %x, %d : vector<2xf64>
  store %y, %a[%c1] : memref<2xvector<2xf64>>
  %z = load %a[%c1] : memref<2xvector<2xf64>>
  %e0 = extract_element %z[%c0] : vector<2xf64>
  %e1 = extract_element %z[%c1] : vector<2xf64>
  dealloc %a : memref<2xvector<2xf64>>
  return %e0, %e1 : f64, f64
}
func @fill_alloca(%k: i64) -> i64 {
  %a = alloca() : memref<3xi64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  store %k, %a[%c0] : memref<3xi64>
  store %k, %a[%c1] : memref<3xi64>
  store %k, %a[%c2] : memref<3xi64>
  %x = load %a[%c0] : memref<3xi64>
  %y = load %a[%c1] : memref<3xi64>
  %z = load %a[%c2] : memref<3xi64>
  %s1 = addi %x, %y : i64
  %s = addi %s1, %z : i64
  return %s : i64
}
func @use_alloca(%k: i64) -> i64 {
  %r = call @fill_alloca(%k) : (i64) -> i64
  return %r : i64
}
