// run: @main() -> 99 : i32
// call_indirect of a function without results taking a memref.
func @store(%m: memref<1xi32>, %v: i32) {
  %c0 = constant 0 : index
  store %v, %m[%c0] : memref<1xi32>
  return
}
func @main() -> i32 {
  %m = alloc() : memref<1xi32>
  %f = constant @store : (memref<1xi32>, i32) -> ()
  %v = constant 99 : i32
  call_indirect %f(%m, %v) : (memref<1xi32>, i32) -> ()
  %c0 = constant 0 : index
  %r = load %m[%c0] : memref<1xi32>
  return %r : i32
}
