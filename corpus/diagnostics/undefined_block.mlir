func @f() {
  // expected-error@+1 {{use of undefined block}}
  br ^bb9
}
