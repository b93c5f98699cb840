// RUN: lower --syntax legacy
// Note from the spec: `bf16` is not supported by LLVM IR and cannot be converted.
// expected-error@+1 {{bf16 is not supported by the LLVM dialect conversion}}
func @half_brain(%a: bf16) {
  return
}
