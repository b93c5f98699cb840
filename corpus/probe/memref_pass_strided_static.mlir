// run: @main() -> 111 : i32
// A static memref cast to fully dynamic strides and offset and passed to a function.
func @sum(%m: memref<3x2xi32, offset: ?, strides: [?, ?]>) -> i32 {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = load %m[%c0, %c0] : memref<3x2xi32, offset: ?, strides: [?, ?]>
  %b = load %m[%c1, %c1] : memref<3x2xi32, offset: ?, strides: [?, ?]>
  %c = load %m[%c2, %c0] : memref<3x2xi32, offset: ?, strides: [?, ?]>
  %s = addi %a, %b : i32
  %t = addi %s, %c : i32
  return %t : i32
}
func @main() -> i32 {
  %m = alloc() : memref<3x2xi32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %x = constant 1 : i32
  %y = constant 10 : i32
  %z = constant 100 : i32
  store %x, %m[%c0, %c0] : memref<3x2xi32>
  store %y, %m[%c1, %c1] : memref<3x2xi32>
  store %z, %m[%c2, %c0] : memref<3x2xi32>
  %s = memref_cast %m : memref<3x2xi32> to memref<3x2xi32, offset: ?, strides: [?, ?]>
  %r = call @sum(%s) : (memref<3x2xi32, offset: ?, strides: [?, ?]>) -> i32
  return %r : i32
}
