// LLVM 11's vectors hold integers and floats only (index came in LLVM 12).
// expected-error@+1:25 {{vector elements must be int or float type}}
func @main(%v: vector<4xindex>) {
  return
}
