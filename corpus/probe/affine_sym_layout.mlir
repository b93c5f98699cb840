// run: @main() -> 4.5 : f32
// A strided affine-map layout with a symbolic offset, reached by memref_cast.
#map = affine_map<(d0, d1)[s0] -> (d0 * 3 + s0 + d1)>
func @get(%m: memref<2x3xf32, #map>) -> f32 {
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %v = load %m[%c1, %c2] : memref<2x3xf32, #map>
  return %v : f32
}
func @main() -> f32 {
  %m = alloc() : memref<2x3xf32>
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %x = constant 4.5 : f32
  store %x, %m[%c1, %c2] : memref<2x3xf32>
  %s = memref_cast %m : memref<2x3xf32> to memref<2x3xf32, #map>
  %r = call @get(%s) : (memref<2x3xf32, #map>) -> f32
  return %r : f32
}
