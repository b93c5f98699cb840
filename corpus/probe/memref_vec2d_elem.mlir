// run: @main() -> 3.5 : f32, [[[0.5, 1.0], [1.5, 2.0]], [[1.0, 2.0], [3.0, 4.0]]] : memref<2xvector<2x2xf32>>
// Memrefs of 2-D vectors: alloca, an unranked view passed to a function, a memref
// result printing its vectors.
func @sum(%u: memref<*xvector<2x2xf32>>) -> f32 {
  %m = memref_cast %u : memref<*xvector<2x2xf32>> to memref<?xvector<2x2xf32>>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = load %m[%c0] : memref<?xvector<2x2xf32>>
  %b = load %m[%c1] : memref<?xvector<2x2xf32>>
  %s = addf %a, %b : vector<2x2xf32>
  %e = extract_element %s[%c1, %c0] : vector<2x2xf32>
  return %e : f32
}
func @main() -> (f32, memref<2xvector<2x2xf32>>) {
  %m = alloca() : memref<2xvector<2x2xf32>>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = constant dense<[[1.0, 2.0], [3.0, 4.0]]> : vector<2x2xf32>
  %x = constant 0.5 : f32
  %b = splat %x : vector<2x2xf32>
  store %a, %m[%c0] : memref<2xvector<2x2xf32>>
  store %b, %m[%c1] : memref<2xvector<2x2xf32>>
  %u = memref_cast %m : memref<2xvector<2x2xf32>> to memref<*xvector<2x2xf32>>
  %r = call @sum(%u) : (memref<*xvector<2x2xf32>>) -> f32
  %n = alloc() : memref<2xvector<2x2xf32>>
  %v0 = load %m[%c0] : memref<2xvector<2x2xf32>>
  %v1 = load %m[%c1] : memref<2xvector<2x2xf32>>
  %w = mulf %v0, %v1 : vector<2x2xf32>
  store %w, %n[%c0] : memref<2xvector<2x2xf32>>
  store %v0, %n[%c1] : memref<2xvector<2x2xf32>>
  return %r, %n : f32, memref<2xvector<2x2xf32>>
}
