// `exact` spelled as its attribute is rejected like the keyword.
func.func @f(%a: i32, %b: i32) -> i32 {
  // expected-error@+1 {{upstream attribute 'isExact' changes the op's semantics}}
  %0 = arith.divsi %a, %b {isExact} : i32
  func.return %0 : i32
}
