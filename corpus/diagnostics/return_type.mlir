func @f(%a: i32) -> i64 {
  // expected-error@+1 {{do not match the result types}}
  return %a : i32
}
