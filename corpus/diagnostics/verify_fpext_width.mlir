func @f(%a: f16) -> bf16 {
  // expected-error@+1 {{extends a float to a strictly wider float type, found f16 -> bf16}}
  %0 = fpext %a : f16 to bf16
  return %0 : bf16
}
