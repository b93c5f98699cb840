// Both edges of a cond_br to one block must each match the block's arguments.
func @main(%c: i1) {
  %a = constant 1 : i32
  %b = constant 1 : i64
  // expected-error@+1:3 {{'std.cond_br' op successor #1 (^bb1) operand #0 has type i64, but the block argument has type i32}}
  cond_br %c, ^bb1(%a : i32), ^bb1(%b : i64)
^bb1(%x: i32):
  return
}
