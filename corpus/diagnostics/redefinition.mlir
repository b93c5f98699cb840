func @f() {
  %a = constant 1 : i32
  // expected-error@+1 {{redefinition of value '%a'}}
  %a = constant 2 : i32
  return
}
