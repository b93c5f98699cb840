// run: @main() -> @f : (i32) -> i32
// A function value as main's result prints its name.
func @f(%a: i32) -> i32 {
  return %a : i32
}
func @main() -> ((i32) -> i32) {
  %f = constant @f : (i32) -> i32
  return %f : (i32) -> i32
}
