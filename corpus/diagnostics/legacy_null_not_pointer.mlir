// LLVM 11's `llvm.mlir.null` makes a null pointer: of any other type it is an error
// at the type, named as written (it reads as today's `llvm.mlir.zero`, which takes
// any type).
llvm.func @f() {
  // expected-error@+1:25 {{'llvm.mlir.null' makes a pointer: expected an LLVM pointer type}}
  %v = llvm.mlir.null : !llvm<"{ i32, float }">
  llvm.return
}
func @main() {
  return
}
