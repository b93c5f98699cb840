// A hexadecimal float literal gives the bits: a sign goes in them, not before them.
func @main() -> f32 {
  // expected-error@+1:18 {{hexadecimal float literal should not have a leading minus}}
  %0 = constant -0x7F800000 : f32
  return %0 : f32
}
