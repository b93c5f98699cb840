// run: @main() -> 12 : i64
// alloca with a dynamic size in a callee, static alloca.
func @fill(%n: index) -> i64 {
  %m = alloca(%n) : memref<?xi64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  br ^l(%c0 : index)
^l(%i: index):
  %c = cmpi "slt", %i, %n : index
  cond_br %c, ^b, ^e
^b:
  %v = index_cast %i : index to i64
  store %v, %m[%i] : memref<?xi64>
  %i2 = addi %i, %c1 : index
  br ^l(%i2 : index)
^e:
  %last = subi %n, %c1 : index
  %r = load %m[%last] : memref<?xi64>
  return %r : i64
}
func @main() -> i64 {
  %n = constant 10 : index
  %a = call @fill(%n) : (index) -> i64
  %s = alloca() : memref<2x2xf32>
  %c0 = constant 0 : index
  %f = constant 3.0 : f32
  store %f, %s[%c0, %c0] : memref<2x2xf32>
  %g = load %s[%c0, %c0] : memref<2x2xf32>
  %gi = fptosi %g : f32 to i64
  %r = addi %a, %gi : i64
  return %r : i64
}
