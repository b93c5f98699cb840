func @f() {
  // expected-error@+1 {{i1 to i128}}
  %0 = constant 1 : i99999999999
  return
}
