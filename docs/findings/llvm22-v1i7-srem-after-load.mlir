// LLVM 22 x86 O0: srem <1 x i7> of a loaded value by 4 is compiled as `and 3` (docs/findings/llvm22-v1i7-srem-after-load.md).
// Not a file test: it documents an upstream LLVM 22 bug. `stdlower interp` prints [-2], `stdlower run` [2].
func @main() -> vector<1xi7> {
  %x = constant dense<[-2]> : vector<1xi7>
  %m = alloc() : memref<1xvector<1xi7>>
  %c0 = constant 0 : index
  store %x, %m[%c0] : memref<1xvector<1xi7>>
  %v = load %m[%c0] : memref<1xvector<1xi7>>
  %b = constant dense<[4]> : vector<1xi7>
  %r = remi_signed %v, %b : vector<1xi7>
  dealloc %m : memref<1xvector<1xi7>>
  return %r : vector<1xi7>
}
