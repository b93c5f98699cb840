// stdlower-options: --use-aligned-alloc
// run: @main() -> 35.0 : f32, [0, 0, 0, 9] : vector<4xi32>, -5 : i17
// alloc through aligned_alloc: default alignments (16, and 128 for a 72-byte vector
// element), an explicit one below 16 and one above, sizes rounded up to the alignment,
// odd-width elements, and dealloc through free.
func @main() -> (f32, vector<4xi32>, i17) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %c3 = constant 3 : index
  %a = alloc() {alignment = 32} : memref<5xf32>
  %f = constant 17.5 : f32
  store %f, %a[%c2] : memref<5xf32>
  %x = load %a[%c2] : memref<5xf32>
  %s = addf %x, %x : f32
  %b = alloc(%c3) : memref<?xvector<18xf32>>
  %sp = splat %s : vector<18xf32>
  store %sp, %b[%c2] : memref<?xvector<18xf32>>
  %l = load %b[%c2] : memref<?xvector<18xf32>>
  %c17 = constant 17 : index
  %e = extract_element %l[%c17] : vector<18xf32>
  %v = alloc() {alignment = 8} : memref<2xvector<4xi32>>
  %z = constant dense<[0, 0, 0, 9]> : vector<4xi32>
  store %z, %v[%c1] : memref<2xvector<4xi32>>
  %w = load %v[%c1] : memref<2xvector<4xi32>>
  %o = alloc() : memref<3xi17>
  %m5 = constant -5 : i17
  store %m5, %o[%c0] : memref<3xi17>
  %p = load %o[%c0] : memref<3xi17>
  dealloc %a : memref<5xf32>
  dealloc %b : memref<?xvector<18xf32>>
  dealloc %v : memref<2xvector<4xi32>>
  dealloc %o : memref<3xi17>
  return %e, %w, %p : f32, vector<4xi32>, i17
}
