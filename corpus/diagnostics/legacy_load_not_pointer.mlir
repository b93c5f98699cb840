// LLVM 11's load names only its pointer's type, the loaded type being the pointee: a
// type that is not a pointer is an error at that type.
llvm.func @f(%p: !llvm.i64) -> !llvm.i32 {
  // expected-error@+1:23 {{expected a pointer type, found i64}}
  %v = llvm.load %p : !llvm.i64
  llvm.return %v : !llvm.i32
}
func @main() {
  return
}
