// run: @main() -> [0.1, -65500.0, 6.1e-5] : memref<3xf16>
// A memref<3xf16> result.
func @main() -> memref<3xf16> {
  %m = alloc() : memref<3xf16>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = constant 0.1 : f16
  %b = constant -65504.0 : f16
  %c = constant 6.1e-5 : f16
  store %a, %m[%c0] : memref<3xf16>
  store %b, %m[%c1] : memref<3xf16>
  store %c, %m[%c2] : memref<3xf16>
  return %m : memref<3xf16>
}
