// memref_cast must agree with the runtime view: static sizes, rank (from unranked),
// static offset and strides of a strided target.
// run: @to_static(5 : index) -> ub "memref_cast to memref<4xf32> of a memref whose dimension 0 has size 5"
// run: @to_static(4 : index) -> 4 : index
// run: @wrong_rank() -> ub "invalid memref_cast: memref_cast to memref<?x?xf32> (rank 2) of a memref of rank 1"
// run: @wrong_stride() -> ub "whose stride 0 is 4 (the type says 8)"
// run: @wrong_offset() -> ub "whose offset is 0 (the type says 2)"
func @to_static(%n: index) -> index {
  %a = alloc(%n) : memref<?xf32>
  %s = memref_cast %a : memref<?xf32> to memref<4xf32>
  %d = dim %s, 0 : memref<4xf32>
  dealloc %s : memref<4xf32>
  return %d : index
}
func @wrong_rank() -> index {
  %a = alloc() : memref<4xf32>
  %u = memref_cast %a : memref<4xf32> to memref<*xf32>
  %r = memref_cast %u : memref<*xf32> to memref<?x?xf32>
  %d = dim %r, 0 : memref<?x?xf32>
  return %d : index
}
func @wrong_stride() -> index {
  %a = alloc() : memref<3x4xf32>
  %d = memref_cast %a : memref<3x4xf32> to memref<?x?xf32, offset: ?, strides: [?, ?]>
  %s = memref_cast %d : memref<?x?xf32, offset: ?, strides: [?, ?]> to memref<?x?xf32, offset: ?, strides: [8, 1]>
  %r = dim %s, 0 : memref<?x?xf32, offset: ?, strides: [8, 1]>
  return %r : index
}
func @wrong_offset() -> index {
  %a = alloc() : memref<3x4xf32>
  %d = memref_cast %a : memref<3x4xf32> to memref<?x?xf32, offset: ?, strides: [?, ?]>
  %s = memref_cast %d : memref<?x?xf32, offset: ?, strides: [?, ?]> to memref<?x?xf32, offset: 2, strides: [?, ?]>
  %r = dim %s, 0 : memref<?x?xf32, offset: 2, strides: [?, ?]>
  return %r : index
}
