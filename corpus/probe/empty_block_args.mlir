// run: @main() -> 3 : i32
// An empty block argument list `^bb1():`.
func @main() -> i32 {
  %a = constant 3 : i32
  br ^bb1
^bb1():
  return %a : i32
}
