func @g(%a: i32) -> i32 {
  return %a : i32
}
func @main(%a: i32) -> i32 {
  %f = constant @g : (i32) -> i32
  // expected-error@+1:22 {{'%f' defined with type (i32) -> i32 but used as (i64) -> i64}}
  %0 = call_indirect %f(%a) : (i64) -> i64
  return %a : i32
}
