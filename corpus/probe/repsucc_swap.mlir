// run: @main() -> 693 : i32
// cond_br to one block twice with the operands swapped.
func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  cond_br %c, ^bb1(%a, %b : i32, i32), ^bb1(%b, %a : i32, i32)
^bb1(%x: i32, %y: i32):
  %r = subi %x, %y : i32
  return %r : i32
}
func @main() -> i32 {
  %t = constant true
  %f = constant false
  %a = constant 10 : i32
  %b = constant 3 : i32
  %p = call @f(%t, %a, %b) : (i1, i32, i32) -> i32
  %q = call @f(%f, %a, %b) : (i1, i32, i32) -> i32
  %k = constant 100 : i32
  %pk = muli %p, %k : i32
  %r = addi %pk, %q : i32
  return %r : i32
}
