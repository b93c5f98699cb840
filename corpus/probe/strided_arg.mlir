// run: @main() -> 12.0 : f32
// A memref with a dynamic strided layout passed to a function.
func @get(%m: memref<2x2xf32, offset: ?, strides: [?, 1]>, %i: index, %j: index) -> f32 {
  %v = load %m[%i, %j] : memref<2x2xf32, offset: ?, strides: [?, 1]>
  return %v : f32
}
func @main() -> f32 {
  %m = alloc() : memref<2x2xf32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = constant 1.0 : f32
  %b = constant 2.0 : f32
  store %a, %m[%c0, %c1] : memref<2x2xf32>
  store %b, %m[%c1, %c0] : memref<2x2xf32>
  %s = memref_cast %m : memref<2x2xf32> to memref<2x2xf32, offset: ?, strides: [?, 1]>
  %x = call @get(%s, %c0, %c1) : (memref<2x2xf32, offset: ?, strides: [?, 1]>, index, index) -> f32
  %y = call @get(%s, %c1, %c0) : (memref<2x2xf32, offset: ?, strides: [?, 1]>, index, index) -> f32
  %t = constant 10.0 : f32
  %x10 = mulf %x, %t : f32
  %r = addf %x10, %y : f32
  return %r : f32
}
