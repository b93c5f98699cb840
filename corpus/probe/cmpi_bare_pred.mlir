// run: @main() -> 1 : i1
// A cmpi predicate written as a bare keyword.
func @main() -> i1 {
  %a = constant 3 : i32
  %b = constant 4 : i32
  %c = cmpi slt, %a, %b : i32
  return %c : i1
}
