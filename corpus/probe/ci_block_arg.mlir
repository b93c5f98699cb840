// run: @main() -> 54 : i16
// A function value carried as a block argument, switched between iterations.
func @inc(%a: i16) -> i16 {
  %c = constant 1 : i16
  %r = addi %a, %c : i16
  return %r : i16
}
func @dbl(%a: i16) -> i16 {
  %r = addi %a, %a : i16
  return %r : i16
}
func @main() -> i16 {
  %f = constant @inc : (i16) -> i16
  %g = constant @dbl : (i16) -> i16
  %x = constant 5 : i16
  %c0 = constant 0 : i32
  %n = constant 6 : i32
  br ^loop(%c0, %x, %f : i32, i16, (i16) -> i16)
^loop(%i: i32, %v: i16, %fn: (i16) -> i16):
  %done = cmpi "eq", %i, %n : i32
  cond_br %done, ^exit, ^body
^body:
  %w = call_indirect %fn(%v) : (i16) -> i16
  %one = constant 1 : i32
  %i2 = addi %i, %one : i32
  %two = constant 2 : i32
  %rem = remi_unsigned %i2, %two : i32
  %z = constant 0 : i32
  %even = cmpi "eq", %rem, %z : i32
  cond_br %even, ^loop(%i2, %w, %f : i32, i16, (i16) -> i16), ^loop(%i2, %w, %g : i32, i16, (i16) -> i16)
^exit:
  return %v : i16
}
