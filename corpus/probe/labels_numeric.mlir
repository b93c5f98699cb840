// run: @main() -> 2 : i32
// Block labels `^0`, `^1`, `^$weird.name-2`; generic cond_br without
// operand_segment_sizes.
func @main() -> i32 {
  %0 = constant 1 : i32
  br ^0(%0 : i32)
^0(%1: i32):
  %2 = addi %1, %1 : i32
  %3 = constant true
  "std.cond_br"(%3)[^1, ^$weird.name-2] : (i1) -> ()
^1:
  return %2 : i32
^$weird.name-2:
  return %0 : i32
}
