func @f() {
  // expected-error@+1 {{integer bitwidth 0}}
  %0 = constant 1 : i0
  return
}
