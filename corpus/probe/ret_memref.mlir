// run: @main() -> [[-1, 300, -1], [300, -1, 300]] : memref<2x3xi16>
// A memref result prints its contents.
func @main() -> memref<2x3xi16> {
  %m = alloc() : memref<2x3xi16>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = constant -1 : i16
  %b = constant 300 : i16
  store %a, %m[%c0, %c0] : memref<2x3xi16>
  store %b, %m[%c0, %c1] : memref<2x3xi16>
  store %a, %m[%c0, %c2] : memref<2x3xi16>
  store %b, %m[%c1, %c0] : memref<2x3xi16>
  store %a, %m[%c1, %c1] : memref<2x3xi16>
  store %b, %m[%c1, %c2] : memref<2x3xi16>
  return %m : memref<2x3xi16>
}
