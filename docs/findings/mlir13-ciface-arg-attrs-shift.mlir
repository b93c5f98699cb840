// MLIR 13, 14: the C wrapper of a function whose results come back through a first
// pointer argument keeps the argument attributes unshifted: one dictionary short.
func @f(%a: i32 {test.unit}) -> (i32, i32) attributes {llvm.emit_c_interface} {
  return %a, %a : i32, i32
}
func @main() -> i32 {
  %a = constant 7 : i32
  %r:2 = call @f(%a) : (i32) -> (i32, i32)
  return %r#1 : i32
}
