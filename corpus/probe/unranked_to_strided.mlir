// run: @main() -> 8.5 : f64
// An unranked memref cast to a strided ranked type, rank of the unranked.
func @main() -> f64 {
  %m = alloc() : memref<2x3xf64>
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %x = constant 6.5 : f64
  store %x, %m[%c1, %c2] : memref<2x3xf64>
  %u = memref_cast %m : memref<2x3xf64> to memref<*xf64>
  %s = memref_cast %u : memref<*xf64> to memref<?x?xf64, offset: ?, strides: [?, ?]>
  %v = load %s[%c1, %c2] : memref<?x?xf64, offset: ?, strides: [?, ?]>
  %r = rank %u : memref<*xf64>
  %ri = index_cast %r : index to i64
  %rf = sitofp %ri : i64 to f64
  %t = addf %v, %rf : f64
  return %t : f64
}
