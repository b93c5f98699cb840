// A bare symbol name is MLIR's bare identifier, [A-Za-z_][A-Za-z0-9_$.]*: `@f-g` is
// `@f` followed by a `-`, where mlir-opt 22 stops with "expected '('". The name
// must be quoted: `@"f-g"`.
// expected-error@+1:8 {{expected '('}}
func @f-g() -> i32 {
  %0 = constant 1 : i32
  return %0 : i32
}
func @main() -> i32 {
  %0 = call @f-g() : () -> i32
  return %0 : i32
}
