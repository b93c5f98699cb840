// run: @main(1 : i1, 7 : i32, 2 : i32) -> 5 : i32
// run: @main(0 : i1, 7 : i32, 2 : i32) -> -5 : i32
// A callee whose two paths write different elements of its memref argument: the
// caller reads both back (prove merges the two paths' memory at the call).
func @put(%m: memref<2xi32>, %c: i1, %x: i32) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  cond_br %c, ^first, ^second
^first:
  store %x, %m[%c0] : memref<2xi32>
  return
^second:
  store %x, %m[%c1] : memref<2xi32>
  return
}
func @main(%c: i1, %x: i32, %y: i32) -> i32 {
  %m = alloc() : memref<2xi32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  store %y, %m[%c0] : memref<2xi32>
  store %y, %m[%c1] : memref<2xi32>
  call @put(%m, %c, %x) : (memref<2xi32>, i1, i32) -> ()
  %a = load %m[%c0] : memref<2xi32>
  %b = load %m[%c1] : memref<2xi32>
  %d = subi %a, %b : i32
  dealloc %m : memref<2xi32>
  return %d : i32
}
