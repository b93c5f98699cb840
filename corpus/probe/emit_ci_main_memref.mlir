// run: @main() -> [11, -12] : memref<2xi64>
// llvm.emit_c_interface on main returning a memref.
func @main() -> memref<2xi64> attributes {llvm.emit_c_interface} {
  %m = alloc() : memref<2xi64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = constant 11 : i64
  %b = constant -12 : i64
  store %a, %m[%c0] : memref<2xi64>
  store %b, %m[%c1] : memref<2xi64>
  return %m : memref<2xi64>
}
