func.func @make() -> memref<4xi32> {
  %m = memref.alloc() {alignment = 256} : memref<4xi32>
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : i32
  memref.store %c7, %m[%c0] : memref<4xi32>
  return %m : memref<4xi32>
}
func.func @main() -> i32 {
  %r = call @make() : () -> memref<4xi32>
  %c0 = arith.constant 0 : index
  %v = memref.load %r[%c0] : memref<4xi32>
  return %v : i32
}
