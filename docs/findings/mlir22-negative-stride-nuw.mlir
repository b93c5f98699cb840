func.func @get(%m: memref<4xf32, strided<[-1], offset: 3>>, %i: index) -> f32 {
  %v = memref.load %m[%i] : memref<4xf32, strided<[-1], offset: 3>>
  return %v : f32
}
