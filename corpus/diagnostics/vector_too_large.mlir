// Valid MLIR, but no path could materialize 10^16 elements: a located error, not an
// exhausted memory.
func @main() -> i32 {
  %a = constant 1.0 : f32
  // expected-error@+1:26 {{vector type is too large: 10000000000000000 elements, at most 65536 are supported}}
  %v = splat %a : vector<100000000x100000000xf32>
  %c = constant 1 : i32
  return %c : i32
}
