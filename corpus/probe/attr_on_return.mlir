// run: @main() -> 3 : i32
// Attribute dictionaries on br and on return (before the returned values).
func @main() -> i32 {
  %a = constant 3 : i32
  br ^bb1 {foo}
^bb1:
  return {bar} %a : i32
}
