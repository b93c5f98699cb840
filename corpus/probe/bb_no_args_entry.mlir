// run: @main() -> 3 : i32
// A labelled entry block without arguments.
func @main() -> i32 {
^bb0:
  %a = constant 3 : i32
  br ^bb1
^bb1:
  return %a : i32
}
