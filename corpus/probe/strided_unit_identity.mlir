// run: @main() -> 5.0 : f32, [2.5, 2.5, 2.5, 2.5] : memref<4xf32>
// LLVM 11's 'offset: 0, strides: [1]' and 'affine_map<(d0) -> (d0 * 1 + 0)>' are the identity\nmap, which the memref type drops: both are memref<4xf32>, passed where one is\nexpected and printed as one.
func @get(%m: memref<4xf32>, %i: index) -> f32 {
  %v = load %m[%i] : memref<4xf32>
  return %v : f32
}
func @main() -> (f32, memref<4xf32, offset: 0, strides: [1]>) {
  %m = alloc() : memref<4xf32, offset: 0, strides: [1]>
  %n = alloc() : memref<4xf32, affine_map<(d0) -> (d0 * 1 + 0)>>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %c3 = constant 3 : index
  %x = constant 2.5 : f32
  store %x, %m[%c0] : memref<4xf32, offset: 0, strides: [1]>
  store %x, %m[%c1] : memref<4xf32>
  store %x, %m[%c2] : memref<4xf32>
  store %x, %m[%c3] : memref<4xf32>
  store %x, %n[%c1] : memref<4xf32>
  %r = call @get(%m, %c1) : (memref<4xf32, offset: 0, strides: [1]>, index) -> f32
  %s = call @get(%n, %c1) : (memref<4xf32>, index) -> f32
  %t = addf %r, %s : f32
  return %t, %m : f32, memref<4xf32, offset: 0, strides: [1]>
}
