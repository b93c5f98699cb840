// Fast-math flags license results stdlower's float semantics do not allow.
func.func @f(%a: f32, %b: f32) -> f32 {
  // expected-error@+1 {{upstream modifier 'fastmath' changes the op's semantics}}
  %0 = arith.mulf %a, %b fastmath<fast> : f32
  func.return %0 : f32
}
