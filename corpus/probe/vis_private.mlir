// run: @main() -> 4 : i32
// A private function through sym_visibility.
func @h(%a: i32) -> i32 attributes {sym_visibility = "private"} {
  return %a : i32
}
func @main() -> i32 {
  %a = constant 4 : i32
  %b = call @h(%a) : (i32) -> i32
  return %b : i32
}
