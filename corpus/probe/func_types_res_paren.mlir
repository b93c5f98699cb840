// run: @main() -> 3 : i32
// Single results written in parentheses in signatures and call types.
func @id(%a: i32) -> (i32) {
  return %a : i32
}
func @main() -> (i32) {
  %a = constant 3 : i32
  %b = call @id(%a) : (i32) -> (i32)
  return %b : i32
}
