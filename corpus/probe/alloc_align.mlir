// run: @main() -> 9.0 : f32
// alloc and alloca with an alignment attribute.
func @main() -> f32 {
  %m = alloc() {alignment = 64} : memref<8xf32>
  %n = alloca() {alignment = 32} : memref<4xf32>
  %c1 = constant 1 : index
  %x = constant 4.5 : f32
  store %x, %m[%c1] : memref<8xf32>
  store %x, %n[%c1] : memref<4xf32>
  %a = load %m[%c1] : memref<8xf32>
  %b = load %n[%c1] : memref<4xf32>
  %r = addf %a, %b : f32
  dealloc %m : memref<8xf32>
  return %r : f32
}
