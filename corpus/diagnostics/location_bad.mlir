// A source location must be one: a file:line:col, a name, unknown, callsite, fused
// or an alias.
func @main() -> i32 {
  // expected-error@+1:29 {{expected a location instance}}
  %0 = constant 1 : i32 loc(123)
  return %0 : i32
}
