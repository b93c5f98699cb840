// A hex dense literal holds one element (a splat) or all of them: 5 bytes are neither
// for two f32s. mlir-opt 22's words, at the `dense` keyword.
func @main() -> vector<2xf32> {
  // expected-error@+1:17 {{elements hex data size is invalid for provided type: 'vector<2xf32>'}}
  %0 = constant dense<"0x0000803F00"> : vector<2xf32>
  return %0 : vector<2xf32>
}
