func @g(i32) -> f32
func @f(%a: i64) -> f32 {
  // expected-error@+1 {{operand types (i64) do not match the input types (i32) of @g}}
  %0 = call @g(%a) : (i64) -> f32
  return %0 : f32
}
