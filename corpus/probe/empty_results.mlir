// run: @main() -> 3 : i32
// `-> ()` signatures, calls and call_indirect with no results.
func @nop() -> () {
  return
}
func @main() -> i32 {
  call @nop() : () -> ()
  %f = constant @nop : () -> ()
  call_indirect %f() : () -> ()
  %a = constant 3 : i32
  return %a : i32
}
