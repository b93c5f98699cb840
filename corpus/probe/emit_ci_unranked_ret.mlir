// run: @main() -> -7 : i8
// llvm.emit_c_interface on a function returning an unranked memref.
func @mk() -> memref<*xi8> attributes {llvm.emit_c_interface} {
  %m = alloc() : memref<2xi8>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = constant -7 : i8
  store %a, %m[%c0] : memref<2xi8>
  store %a, %m[%c1] : memref<2xi8>
  %u = memref_cast %m : memref<2xi8> to memref<*xi8>
  return %u : memref<*xi8>
}
func @main() -> i8 {
  %u = call @mk() : () -> memref<*xi8>
  %m = memref_cast %u : memref<*xi8> to memref<2xi8>
  %c1 = constant 1 : index
  %v = load %m[%c1] : memref<2xi8>
  return %v : i8
}
