func @f(%x: i32) -> i32 {
  // expected-error@+1 {{before its definition}}
  %a = addi %b, %x : i32
  %b = constant 1 : i32
  return %a : i32
}
