// The pointer attributes only fit a ranked memref argument: the lowering puts them on
// its aligned pointer, and no other Standard type lowers to a pointer.
// expected-error@+1:1 {{"llvm.noalias" on argument 0 of @f: attached to a type other than a ranked memref}}
func @f(%a: i32 {llvm.noalias}) {
  return
}
