// An LLVM IR type in the LLVM 11 notation is read from its string: an error in it is
// located at the byte of the string where it is, here the ')' that should be '*'.
// expected-error@+1:52 {{in the LLVM IR type "{ i32, float* addrspace(3) }": expected '*' after addrspace(N)}}
llvm.func @f(%p: !llvm<"{ i32, float* addrspace(3) }">) {
  llvm.return
}
func @main() {
  return
}
