// stdlower-options: --use-bare-ptr-memref-call-conv --use-aligned-alloc
// run: @main() -> 31.0 : f32, [[1.0, 2.0, 3.0], [4.0, 5.0, 31.0]] : memref<2x3xf32>
// The bare pointer calling convention, run by the interpreter, our JIT and (with
// `test --via upstream`) MLIR 22's lowering with the same options: memref arguments
// and results cross calls as one pointer each and are rebuilt from the static type,
// also through `call_indirect`. The entry's memref result is
// read back from the returned pointer with the type's sizes and strides.
func @fill(%m: memref<2x3xf32>) -> memref<2x3xf32> {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = constant 1.0 : f32
  %b = constant 2.0 : f32
  %c = constant 3.0 : f32
  %d = constant 4.0 : f32
  %e = constant 5.0 : f32
  %f = constant 6.0 : f32
  store %a, %m[%c0, %c0] : memref<2x3xf32>
  store %b, %m[%c0, %c1] : memref<2x3xf32>
  store %c, %m[%c0, %c2] : memref<2x3xf32>
  store %d, %m[%c1, %c0] : memref<2x3xf32>
  store %e, %m[%c1, %c1] : memref<2x3xf32>
  store %f, %m[%c1, %c2] : memref<2x3xf32>
  return %m : memref<2x3xf32>
}
func @sum(%m: memref<2x3xf32>) -> f32 {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %x = load %m[%c0, %c0] : memref<2x3xf32>
  %y = load %m[%c0, %c1] : memref<2x3xf32>
  %z = load %m[%c0, %c2] : memref<2x3xf32>
  %u = load %m[%c1, %c0] : memref<2x3xf32>
  %v = load %m[%c1, %c1] : memref<2x3xf32>
  %w = load %m[%c1, %c2] : memref<2x3xf32>
  %s1 = addf %x, %y : f32
  %s2 = addf %s1, %z : f32
  %s3 = addf %s2, %u : f32
  %s4 = addf %s3, %v : f32
  %s5 = addf %s4, %w : f32
  return %s5 : f32
}
func @main() -> (f32, memref<2x3xf32>) {
  %m = alloc() {alignment = 64} : memref<2x3xf32>
  %r = call @fill(%m) : (memref<2x3xf32>) -> memref<2x3xf32>
  %t = call @sum(%r) : (memref<2x3xf32>) -> f32
  %fn = constant @sum : (memref<2x3xf32>) -> f32
  %t2 = call_indirect %fn(%m) : (memref<2x3xf32>) -> f32
  %s = addf %t, %t2 : f32
  %s2 = subf %s, %t : f32
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %k = constant 5.0 : f32
  %s3 = addf %s2, %k : f32
  %s4 = addf %s3, %k : f32
  store %s4, %m[%c1, %c2] : memref<2x3xf32>
  %v = load %r[%c1, %c2] : memref<2x3xf32>
  return %v, %m : f32, memref<2x3xf32>
}
// run: @pick([1, 2, 3, 4]) -> 4 : i32
// A static strided layout crosses as the pointer to the buffer: the callee's
// descriptor has offset 2 and stride 3 (the harness lays the argument out so).
func @pick(%v: memref<4xi32, offset: 2, strides: [3]>) -> i32 {
  %c3 = constant 3 : index
  %x = load %v[%c3] : memref<4xi32, offset: 2, strides: [3]>
  return %x : i32
}
