// Control flow and calls in today's upstream syntax: cf.br and cf.cond_br with block
// arguments, func.call with several results, func.constant and func.call_indirect,
// recursion, a private declaration, and LLVM 11 syntax mixed into the same file.
// run: @fact(5 : i64) -> 120 : i64
// run: @indirect(7 : i32) -> 14 : i32, 8 : i32
// run: @mixed(3 : i32) -> 9 : i32
func.func private @never_called(i32) -> i32
func.func @fact(%n: i64) -> i64 {
  %one = arith.constant 1 : i64
  %le = arith.cmpi sle, %n, %one : i64
  cf.cond_br %le, ^base, ^rec(%n : i64)
^base:
  func.return %one : i64
^rec(%k: i64):
  %k1 = arith.subi %k, %one : i64
  %r = func.call @fact(%k1) : (i64) -> i64
  %p = arith.muli %k, %r : i64
  func.return %p : i64
}
func.func @pair(%x: i32) -> (i32, i32) {
  %one = arith.constant 1 : i32
  %d = arith.addi %x, %x : i32
  %s = arith.addi %x, %one : i32
  func.return %d, %s : i32, i32
}
func.func @indirect(%x: i32) -> (i32, i32) {
  %f = func.constant @pair : (i32) -> (i32, i32)
  %r:2 = func.call_indirect %f(%x) : (i32) -> (i32, i32)
  func.return %r#0, %r#1 : i32, i32
}
func @square(%x: i32) -> i32 {
  %y = muli %x, %x : i32
  return %y : i32
}
func.func @mixed(%x: i32) -> i32 {
  %y = call @square(%x) : (i32) -> i32
  cf.br ^done(%y : i32)
^done(%z: i32):
  return %z : i32
}
