func @f(%c: i1) {
  // expected-error@+1 {{is passed 0 operands, but the block takes 1}}
  cond_br %c, ^bb1(%c : i1), ^bb1
^bb1(%x: i1):
  return
}
