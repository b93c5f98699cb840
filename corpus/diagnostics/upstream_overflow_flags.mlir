// Upstream's overflow flags make wrapping poison; stdlower's addi wraps, so the flag
// is rejected rather than dropped.
func.func @f(%a: i32, %b: i32) -> i32 {
  // expected-error@+1 {{upstream modifier 'overflow' changes the op's semantics}}
  %0 = arith.addi %a, %b overflow<nsw> : i32
  func.return %0 : i32
}
