// run: @main() -> 9 : i32
// `constant true`/`false` and `constant 1 : i1` through and, or, xor, select.
func @main() -> i32 {
  %t = constant true
  %f = constant false
  %t2 = constant 1 : i1
  %x = and %t, %t2 : i1
  %y = or %f, %x : i1
  %z = xor %y, %t : i1
  %a = constant 7 : i32
  %b = constant 9 : i32
  %r = select %z, %a, %b : i32
  return %r : i32
}
