func @f() {
  // expected-error@+1 {{terminator in the middle}}
  return
  return
}
