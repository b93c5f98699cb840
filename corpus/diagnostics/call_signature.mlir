func @g(i32) -> i32
func @f() {
  %c = constant 1 : i64
  // expected-error@+1 {{do not match the input types}}
  %r = call @g(%c) : (i64) -> i32
  return
}
