// Layout symbols are rejected in every command: LLVM 11's lowering took the symbol
// operand for a size and derived the strides from the sizes (stride 16 here, not %s),
// and MLIR 22 does not lower an allocation with a non-identity layout.
func @main() -> f32 {
  %s = constant 20 : index
  // expected-error@+1:8 {{'std.alloc' op layout symbols are not supported}}
  %0 = alloc()[%s] : memref<4x16xf32, affine_map<(i, j)[M] -> (M * i + j)>>
  %c0 = constant 0 : index
  %v = load %0[%c0, %c0] : memref<4x16xf32, affine_map<(i, j)[M] -> (M * i + j)>>
  return %v : f32
}
