// expected-error@+2 {{unknown operation 'foo'}}
func @f() {
  %0 = foo 1 : i32
  return
}
