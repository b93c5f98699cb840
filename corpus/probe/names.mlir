// run: @main() -> 10 : i32
// Value and block names with the characters MLIR allows (`.`, `$`, `-`, `_`), comments.
// comments everywhere
func @main() -> i32 { // trailing
  %0 = constant 1 : i32
  %x.y = constant 2 : i32
  %a$b = constant 3 : i32
  %_q-1 = constant 4 : i32
  %1 = addi %0, %x.y : i32
  %2 = addi %1, %a$b : i32
  %3 = addi %2, %_q-1 : i32
  br ^bb.next-1(%3 : i32)
^bb.next-1(%arg$: i32):  // a block
  return %arg$ : i32
}
