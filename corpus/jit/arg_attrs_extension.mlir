// RUN: translate
// The JIT's translation turns the LLVM attributes it knows into LLVM IR parameter
// attributes, as mlir-translate does, and leaves the rest out. A callee that declares
// `llvm.zeroext` on a narrow integer gets `zeroext` at the call site too, instead of
// the `signext` the translation gives narrow integers by default: a call site that
// disagrees with its callee's extension would be undefined behaviour.
// CHECK-LABEL: define i32 @widen(i8 zeroext %0, i16 signext %1, ptr %2, ptr noalias nonnull align 4 %3,
func @widen(%a: i8 {llvm.zeroext}, %b: i16 {llvm.signext, test.flag = true}, %m: memref<2xi32> {llvm.noalias, llvm.nonnull, llvm.align = 4 : i64}) -> i32 {
  %x = zexti %a : i8 to i32
  %y = sexti %b : i16 to i32
  %c0 = constant 0 : index
  %z = load %m[%c0] : memref<2xi32>
  %s = addi %x, %y : i32
  %t = addi %s, %z : i32
  return %t : i32
}
// CHECK-LABEL: define i32 @main(i8 %0, i16 %1)
// CHECK: call i32 @widen(i8 zeroext %{{[0-9]+}}, i16 signext %{{[0-9]+}}, ptr
func @main(%a: i8, %b: i16) -> i32 {
  %m = alloc() : memref<2xi32>
  %c0 = constant 0 : index
  %k = constant 1000 : i32
  store %k, %m[%c0] : memref<2xi32>
  %r = call @widen(%a, %b, %m) : (i8, i16, memref<2xi32>) -> i32
  dealloc %m : memref<2xi32>
  return %r : i32
}
// run: @main(-1 : i8, -2 : i16) -> 1253 : i32
// run: @main(5 : i8, 7 : i16) -> 1012 : i32
