// run: @main() -> 37 : i32
// Argument and result attribute dictionaries in a signature.
func @two(%a: i32 {foo.bar}, %b: i32) -> (i32 {res.x = 1 : i32}, i32) {
  return %b, %a : i32, i32
}
func @main() -> i32 {
  %a = constant 3 : i32
  %b = constant 40 : i32
  %r:2 = call @two(%a, %b) : (i32, i32) -> (i32, i32)
  %s = subi %r#0, %r#1 : i32
  return %s : i32
}
