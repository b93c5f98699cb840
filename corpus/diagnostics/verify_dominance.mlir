// A value defined on one side of a diamond is used at the join.
func @f(%c: i1) -> i32 {
  cond_br %c, ^bb1, ^bb2
^bb1:
  %0 = constant 1 : i32
  br ^bb2
^bb2:
  // expected-error@+1 {{operand #0 does not dominate this use (defined in ^bb1, used in ^bb2)}}
  return %0 : i32
}
