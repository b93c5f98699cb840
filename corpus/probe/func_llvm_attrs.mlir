// run: @main() -> 42 : i32
// LLVM attributes on functions (passthrough, emit_c_interface) beside unit and
// visibility attributes.
func @helper(%x: i32) -> i32 attributes {passthrough = ["noinline"]} {
  %y = addi %x, %x : i32
  return %y : i32
}
func @main() -> i32 attributes {llvm.emit_c_interface, some.flag, sym_visibility = "public"} {
  %a = constant 21 : i32
  %b = call @helper(%a) : (i32) -> i32
  return %b : i32
}
