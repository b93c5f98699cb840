// `exact` makes an inexact division poison.
func.func @f(%a: i32, %b: i32) -> i32 {
  // expected-error@+1 {{upstream modifier 'exact' changes the op's semantics}}
  %0 = arith.divsi %a, %b exact : i32
  func.return %0 : i32
}
