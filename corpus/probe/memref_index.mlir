// run: @main() -> [[-42, 1], [-42, 0]] : memref<2x2xindex>
// A memref of index elements.
func @main() -> memref<2x2xindex> {
  %m = alloc() : memref<2x2xindex>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = constant -42 : index
  store %a, %m[%c0, %c0] : memref<2x2xindex>
  store %c1, %m[%c0, %c1] : memref<2x2xindex>
  store %a, %m[%c1, %c0] : memref<2x2xindex>
  store %c0, %m[%c1, %c1] : memref<2x2xindex>
  return %m : memref<2x2xindex>
}
