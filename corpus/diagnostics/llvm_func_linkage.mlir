// An llvm.func with a linkage keyword is a located error (only external llvm.funcs are read).
module {
  // expected-error@+1:13 {{linkage 'internal' on an llvm.func is not supported}}
  llvm.func internal @g() {
    llvm.return
  }
}
