// run: @main() -> 11 : i32, 0.25 : f32, -1 : i8
// llvm.emit_c_interface on main returning three scalars.
func @main() -> (i32, f32, i8) attributes {llvm.emit_c_interface} {
  %a = constant 11 : i32
  %b = constant 0.25 : f32
  %c = constant -1 : i8
  return %a, %b, %c : i32, f32, i8
}
