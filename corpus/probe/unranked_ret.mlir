// run: @main() -> [-0.0, 1e-40] : memref<*xf32>
// An unranked memref result prints its contents; -0.0 and an f32 denormal.
func @make(%n: index) -> memref<*xf32> {
  %m = alloc(%n) : memref<?xf32>
  %c0 = constant 0 : index
  %x = constant -0.0 : f32
  store %x, %m[%c0] : memref<?xf32>
  %c1 = constant 1 : index
  %y = constant 1.0e-40 : f32
  store %y, %m[%c1] : memref<?xf32>
  %u = memref_cast %m : memref<?xf32> to memref<*xf32>
  return %u : memref<*xf32>
}
func @main() -> memref<*xf32> {
  %n = constant 2 : index
  %u = call @make(%n) : (index) -> memref<*xf32>
  %r = rank %u : memref<*xf32>
  return %u : memref<*xf32>
}
