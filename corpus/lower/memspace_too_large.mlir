// RUN: lower
// LLVM IR has 24 bits for an address space: a larger memory space parses and
// verifies as a Standard type, but does not lower.
// expected-error@+1 {{memory space 16777216 is not an LLVM address space (at most 16777215)}}
func @f(%m: memref<4xf32, 16777216>) {
  return
}
