// run: @main() -> 8 : i32
// Function types with a parenthesised single result in constant and call_indirect.
func @id(%a: i32) -> i32 {
  return %a : i32
}
func @main() -> i32 {
  %f = constant @id : (i32) -> (i32)
  %a = constant 8 : i32
  %r = call_indirect %f(%a) : (i32) -> (i32)
  return %r : i32
}
