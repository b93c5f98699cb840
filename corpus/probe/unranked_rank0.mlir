// run: @main() -> 0 : index, 3 : index, -5 : i32
// Rank-0 and rank-3 memrefs through memref<*xi32>, cast back to rank 0.
func @rk(%u: memref<*xi32>) -> index {
  %r = rank %u : memref<*xi32>
  return %r : index
}
func @main() -> (index, index, i32) {
  %a = alloc() : memref<i32>
  %v = constant -5 : i32
  store %v, %a[] : memref<i32>
  %u = memref_cast %a : memref<i32> to memref<*xi32>
  %r0 = call @rk(%u) : (memref<*xi32>) -> index
  %c2 = constant 2 : index
  %b = alloc(%c2) : memref<?x2x2xi32>
  %ub = memref_cast %b : memref<?x2x2xi32> to memref<*xi32>
  %r3 = call @rk(%ub) : (memref<*xi32>) -> index
  %back = memref_cast %u : memref<*xi32> to memref<i32>
  %x = load %back[] : memref<i32>
  return %r0, %r3, %x : index, index, i32
}
