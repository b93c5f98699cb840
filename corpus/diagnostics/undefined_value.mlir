func @f() -> i32 {
  // expected-error@+1 {{use of undefined value '%x'}}
  return %x : i32
}
