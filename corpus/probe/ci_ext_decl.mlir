// run: @main() -> 10 : i32
// A call to a function defined later in the module.
func @main() -> i32 {
  %a = constant 5 : i32
  %r = call @twice(%a) : (i32) -> i32
  return %r : i32
}
func @twice(%x: i32) -> i32 {
  %r = addi %x, %x : i32
  return %r : i32
}
