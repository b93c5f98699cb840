// run: @main() -> 6 : i32
// Results bound by several names (`%x, %y:2 = call`, `%p, %q, %r = call`).
func @f() -> (i32, i32, i32) {
  %a = constant 1 : i32
  %b = constant 2 : i32
  %c = constant 3 : i32
  return %a, %b, %c : i32, i32, i32
}
func @main() -> i32 {
  %x, %y:2 = call @f() : () -> (i32, i32, i32)
  %p, %q, %r = call @f() : () -> (i32, i32, i32)
  %s = subi %y#1, %x : i32
  %t = muli %s, %q : i32
  %u = addi %t, %y#0 : i32
  return %u : i32
}
