// run: @main() -> 1 : i32
// cond_br to one block twice with identical operands, and with none.
func @main() -> i32 {
  %t = constant true
  %a = constant 1 : i32
  cond_br %t, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x: i32):
  %f = constant false
  cond_br %f, ^bb2, ^bb2
^bb2:
  return %x : i32
}
