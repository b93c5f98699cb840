// A getelementptr's constant indices are 32-bit, as MLIR 22 holds them ("integer
// value too large" there); a wider index is an error at the index, not a module
// mlir-translate refuses after the lowering.
llvm.func @f(%p: !llvm.ptr) -> !llvm.ptr {
  // expected-error@+1:33 {{a constant index out of range: getelementptr's constant indices are 32-bit (a wider one is written as a value)}}
  %0 = llvm.getelementptr %p[0, 2147483648] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32)>
  llvm.return %0 : !llvm.ptr
}
func @main() {
  return
}
