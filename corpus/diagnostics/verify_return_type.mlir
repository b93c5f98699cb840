func @f(%a: i64) -> i32 {
  // expected-error@+1 {{operand types (i64) do not match the result types (i32) of @f}}
  return %a : i64
}
