func @f(%a: i32) {
  // expected-error@+1 {{defined with type i32 but used as i64}}
  %b = addi %a, %a : i64
  return
}
