// LLVM 11 lets a signature give bare types and the entry block name the arguments
// (as its own tests write `func @f(i32) { ^bb0(%a: i32): ... }`).
// run: @main() -> 42 : i32
func @main() -> i32 {
  %c = constant 41 : i32
  %r = call @inc(%c) : (i32) -> i32
  return %r : i32
}
func @inc(i32) -> i32 {
^bb0(%a: i32):
  %one = constant 1 : i32
  %s = addi %a, %one : i32
  return %s : i32
}
