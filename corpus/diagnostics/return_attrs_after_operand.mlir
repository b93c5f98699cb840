// Today's syntax puts the attributes of `llvm.return` before its operand; after it
// they are read only in LLVM 11's notation (corpus/lower/std_attrs_kept.mlir).
llvm.func @f(%x: i32) -> i32 {
  // expected-error@+1:18 {{the attributes of llvm.return go before its operand}}
  llvm.return %x {test.a} : i32
}
func @main() {
  return
}
