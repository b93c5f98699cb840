// run: @main() -> 84 : i32
// Attribute dictionaries on constant (before the value) and on addi (before the type).
func @main() -> i32 {
  %a = constant {name = "x"} 42 : i32
  %b = addi %a, %a {foo, bar = 3 : i64} : i32
  return %b : i32
}
