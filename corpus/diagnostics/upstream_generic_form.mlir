// Upstream ops are read in their custom form; the generic form of an upstream op
// is not silently taken for an unregistered op.
func.func @f(%a: i32) -> i32 {
  // expected-error@+1 {{generic form of upstream op 'arith.addi' is not supported}}
  %0 = "arith.addi"(%a, %a) : (i32, i32) -> i32
  func.return %0 : i32
}
