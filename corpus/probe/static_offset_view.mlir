// run: @main() -> 19.0 : f32
// Casts between static and dynamic offsets and strides on rank 1.
func @get(%m: memref<2xf32, offset: ?, strides: [?]>) -> f32 {
  %c1 = constant 1 : index
  %v = load %m[%c1] : memref<2xf32, offset: ?, strides: [?]>
  return %v : f32
}
func @main() -> f32 {
  %m = alloc() : memref<4xf32>
  %c1 = constant 1 : index
  %x = constant 9.5 : f32
  store %x, %m[%c1] : memref<4xf32>
  %s = memref_cast %m : memref<4xf32> to memref<?xf32>
  %t = memref_cast %s : memref<?xf32> to memref<?xf32, offset: 0, strides: [1]>
  %n = memref_cast %m : memref<4xf32> to memref<4xf32, offset: ?, strides: [?]>
  %r = load %t[%c1] : memref<?xf32, offset: 0, strides: [1]>
  %q = load %n[%c1] : memref<4xf32, offset: ?, strides: [?]>
  %sum = addf %r, %q : f32
  return %sum : f32
}
