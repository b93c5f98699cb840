// run: @main() -> [5.0, 2.5, 2.5] : memref<3xf32, 3>, 3 : index
// Memrefs in memory spaces 3 and 5 (address spaces on the host's flat memory): an
// alloc in space 3 passed to a call and returned, a cast to unranked and back, dim
// through the unranked memref, an alloca in space 5. No dealloc: MLIR 22 cannot lower
// one in a nonzero memory space, and this program also runs through upstream.
func @scale(%m: memref<3xf32, 3>, %f: f32) -> memref<3xf32, 3> {
  %c0 = constant 0 : index
  %x = load %m[%c0] : memref<3xf32, 3>
  %y = mulf %x, %f : f32
  store %y, %m[%c0] : memref<3xf32, 3>
  return %m : memref<3xf32, 3>
}
func @main() -> (memref<3xf32, 3>, index) {
  %m = alloc() : memref<3xf32, 3>
  %h = constant 2.5 : f32
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  store %h, %m[%c0] : memref<3xf32, 3>
  store %h, %m[%c1] : memref<3xf32, 3>
  %t = alloca() : memref<f32, 5>
  store %h, %t[] : memref<f32, 5>
  %v = load %t[] : memref<f32, 5>
  store %v, %m[%c2] : memref<3xf32, 3>
  %two = constant 2.0 : f32
  %r = call @scale(%m, %two) : (memref<3xf32, 3>, f32) -> memref<3xf32, 3>
  %u = memref_cast %r : memref<3xf32, 3> to memref<*xf32, 3>
  %d = dim %u, %c0 : memref<*xf32, 3>
  %back = memref_cast %u : memref<*xf32, 3> to memref<3xf32, 3>
  return %back, %d : memref<3xf32, 3>, index
}
