// run: @main() -> [] : memref<0xf32>, [[], []] : memref<2x0xi8>, 0 : index, -300 : memref<*xi16>
// Zero-sized memrefs print [] and [[], []]; dim of a zero dimension; a rank-0
// memref as an unranked result.
func @main() -> (memref<0xf32>, memref<2x0xi8>, index, memref<*xi16>) {
  %a = alloc() : memref<0xf32>
  %b = alloc() : memref<2x0xi8>
  %d = dim %b, 1 : memref<2x0xi8>
  %c = alloc() : memref<i16>
  %v = constant -300 : i16
  store %v, %c[] : memref<i16>
  %u = memref_cast %c : memref<i16> to memref<*xi16>
  return %a, %b, %d, %u : memref<0xf32>, memref<2x0xi8>, index, memref<*xi16>
}
