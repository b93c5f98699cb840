// run: @main() -> 12 : i32
// An explicit memory space 0.
func @main() -> i32 {
  %m = alloc() : memref<4xi32, 0>
  %c1 = constant 1 : index
  %a = constant 12 : i32
  store %a, %m[%c1] : memref<4xi32, 0>
  %v = load %m[%c1] : memref<4xi32, 0>
  return %v : i32
}
