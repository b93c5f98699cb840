func @f() {
  // expected-error@+1 {{unexpected character}}
  %0 = constant 1 : i32 $
}
