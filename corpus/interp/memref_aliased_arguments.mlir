// run: @main() -> 7.0 : f32, 0.0 : f32, 7.0 : f32
// Memref arguments that alias: the same buffer passed twice, and a broadcast view of
// it (stride 0) beside it. A store through one parameter is seen through the other, on
// every path (the Standard interpreter, the LLVM level, the JIT): no parameter carries
// `llvm.noalias`, so the lowering may not assume they differ.
func @swap_through(%a: memref<4xf32>, %b: memref<4xf32>, %c: memref<3xf32, offset: ?, strides: [?]>) -> (f32, f32, f32) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %seven = constant 7.0 : f32
  %nine = constant 9.0 : f32
  store %seven, %a[%c1] : memref<4xf32>
  %x = load %b[%c1] : memref<4xf32>
  store %nine, %c[%c2] : memref<3xf32, offset: ?, strides: [?]>
  %y = load %a[%c0] : memref<4xf32>
  %z = load %c[%c0] : memref<3xf32, offset: ?, strides: [?]>
  %w = addf %z, %x : f32
  %v = subf %w, %nine : f32
  return %x, %y, %v : f32, f32, f32
}
func @main() -> (f32, f32, f32) {
  %m = alloc() : memref<4xf32>
  %c0 = constant 0 : index
  %zero = constant 0.0 : f32
  store %zero, %m[%c0] : memref<4xf32>
  // A broadcast view of element 0: stride 0, every index the same element.
  %s = alloc() : memref<3xf32, offset: 0, strides: [0]>
  %bc = memref_cast %s : memref<3xf32, offset: 0, strides: [0]> to memref<3xf32, offset: ?, strides: [?]>
  %one = constant 1.0 : f32
  store %one, %s[%c0] : memref<3xf32, offset: 0, strides: [0]>
  %r:3 = call @swap_through(%m, %m, %bc) : (memref<4xf32>, memref<4xf32>, memref<3xf32, offset: ?, strides: [?]>) -> (f32, f32, f32)
  dealloc %m : memref<4xf32>
  dealloc %s : memref<3xf32, offset: 0, strides: [0]>
  return %r#0, %r#1, %r#2 : f32, f32, f32
}
