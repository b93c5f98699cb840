// Affine-map layouts that are strided behave as the equivalent `offset:, strides:` form:
// a cast to the identity map's strided spelling is fine, one whose static stride differs
// from the runtime view is undefined behaviour.
// run: @ok() -> 11 : i64
// run: @bad() -> ub "invalid memref_cast: memref_cast to memref<3x4xi64, affine_map<(d0, d1) -> (d0 * 5 + d1)>> of a memref whose stride 0 is 4 (the type says 5)"
func @ok() -> i64 {
  %a = alloc() : memref<3x4xi64>
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %v = constant 11 : i64
  store %v, %a[%c2, %c1] : memref<3x4xi64>
  %d = memref_cast %a : memref<3x4xi64> to memref<?x?xi64, offset: ?, strides: [?, ?]>
  %m = memref_cast %d : memref<?x?xi64, offset: ?, strides: [?, ?]> to memref<3x4xi64, affine_map<(d0, d1) -> (d0 * 4 + d1)>>
  %x = load %m[%c2, %c1] : memref<3x4xi64, affine_map<(d0, d1) -> (d0 * 4 + d1)>>
  dealloc %a : memref<3x4xi64>
  return %x : i64
}
func @bad() -> index {
  %a = alloc() : memref<3x4xi64>
  %d = memref_cast %a : memref<3x4xi64> to memref<?x?xi64, offset: ?, strides: [?, ?]>
  %m = memref_cast %d : memref<?x?xi64, offset: ?, strides: [?, ?]> to memref<3x4xi64, affine_map<(d0, d1) -> (d0 * 5 + d1)>>
  %r = rank %m : memref<3x4xi64, affine_map<(d0, d1) -> (d0 * 5 + d1)>>
  return %r : index
}
