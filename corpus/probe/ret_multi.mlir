// run: @main() -> 7 : i32, 2.5 : f32, 1 : i1, 42 : index
// Several results of different types, one line each.
func @main() -> (i32, f32, i1, index) {
  %a = constant 7 : i32
  %b = constant 2.5 : f32
  %c = constant true
  %d = constant 42 : index
  return %a, %b, %c, %d : i32, f32, i1, index
}
