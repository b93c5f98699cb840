// run: @main() -> 7034535277573963776 : i64
// Recursive factorial of 25 wraps in i64.
func @fact(%n: i64) -> i64 {
  %c1 = constant 1 : i64
  %le = cmpi "sle", %n, %c1 : i64
  cond_br %le, ^base, ^rec
^base:
  return %c1 : i64
^rec:
  %m = subi %n, %c1 : i64
  %r = call @fact(%m) : (i64) -> i64
  %p = muli %n, %r : i64
  return %p : i64
}
func @main() -> i64 {
  %n = constant 25 : i64
  %r = call @fact(%n) : (i64) -> i64
  return %r : i64
}
