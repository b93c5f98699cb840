// The error is on the last op of the block that has no terminator.
func @main() -> i32 {
  %a = constant 1 : i32
  br ^bb1
^bb1:
  // expected-error@+1:8 {{block with no terminator}}
  %b = addi %a, %a : i32
}
