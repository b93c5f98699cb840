// stdlower-options: --index-bitwidth 32
// run: @main() -> -2147483648 : index, 1 : index, 2147483647 : i64, 12 : i32
// index is 32 bits wide in the interpreter, our JIT and upstream's lowering alike:
// index arithmetic wraps at 32 bits, index_cast sign-extends from 32 bits, and
// memrefs are addressed with 32-bit sizes and strides.
func @main() -> (index, index, i64, i32) {
  %max = constant 2147483647 : index
  %one = constant 1 : index
  %wrap = addi %max, %one : index
  %big = constant 4294967297 : i64
  %t = index_cast %big : i64 to index
  %back = index_cast %max : index to i64
  %m = alloca() : memref<3x4xi32>
  %c2 = constant 2 : index
  %c3 = constant 3 : index
  %v = constant 12 : i32
  store %v, %m[%c2, %c3] : memref<3x4xi32>
  %r = load %m[%c2, %c3] : memref<3x4xi32>
  return %wrap, %t, %back, %r : index, index, i64, i32
}
