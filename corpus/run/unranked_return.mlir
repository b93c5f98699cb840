// run: @main() -> 253350417 : i64
// Unranked memref results: the callee copies the ranked descriptor to the heap right
// before returning, the caller copies it to its stack and frees the heap copy. Also
// rank, dim with a dynamic index on ranked and unranked memrefs, and a second result.
func @make(%n: index) -> (memref<*xi32>, i32) {
  %m = alloc(%n) : memref<?x3xi32>
  %c0 = constant 0 : index
  %c2 = constant 2 : index
  %v = constant 41 : i32
  store %v, %m[%c0, %c2] : memref<?x3xi32>
  %u = memref_cast %m : memref<?x3xi32> to memref<*xi32>
  %k = constant 7 : i32
  return %u, %k : memref<*xi32>, i32
}
func @main() -> i64 {
  %n = constant 5 : index
  %u:2 = call @make(%n) : (index) -> (memref<*xi32>, i32)
  %r = rank %u#0 : memref<*xi32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %d0 = dim %u#0, %c0 : memref<*xi32>
  %d1 = dim %u#0, %c1 : memref<*xi32>
  %m = memref_cast %u#0 : memref<*xi32> to memref<?x3xi32>
  %e0 = dim %m, %c1 : memref<?x3xi32>
  %e1 = dim %m, %c0 : memref<?x3xi32>
  %c2 = constant 2 : index
  %x = load %m[%c0, %c2] : memref<?x3xi32>
  dealloc %m : memref<?x3xi32>
  %ri = index_cast %r : index to i64
  %d0i = index_cast %d0 : index to i64
  %d1i = index_cast %d1 : index to i64
  %e0i = index_cast %e0 : index to i64
  %e1i = index_cast %e1 : index to i64
  %xi = sexti %x : i32 to i64
  %ki = sexti %u#1 : i32 to i64
  %t = constant 10 : i64
  %a0 = muli %ri, %t : i64
  %a1 = addi %a0, %d0i : i64
  %a2 = muli %a1, %t : i64
  %a3 = addi %a2, %d1i : i64
  %a4 = muli %a3, %t : i64
  %a5 = addi %a4, %e0i : i64
  %a6 = muli %a5, %t : i64
  %a7 = addi %a6, %e1i : i64
  %h = constant 1000 : i64
  %a8 = muli %a7, %h : i64
  %a9 = addi %a8, %xi : i64
  %a10 = muli %a9, %t : i64
  %a11 = addi %a10, %ki : i64
  return %a11 : i64
}
