// run: @main() -> 6 : i32
// Blocks used before they are defined, in any order.
func @main() -> i32 {
  %a = constant 3 : i32
  br ^bb3
^bb1(%x: i32):
  return %x : i32
^bb2:
  %b = constant 5 : i32
  br ^bb1(%b : i32)
^bb3:
  %c = addi %a, %a : i32
  %t = constant true
  cond_br %t, ^bb1(%c : i32), ^bb2
}
