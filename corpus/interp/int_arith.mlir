// Integer arithmetic at several widths: wraparound, truncating signed division,
// remainder with the dividend's sign, unsigned division, bitwise ops and shifts.
// run: @add(2147483647 : i32, 1 : i32) -> -2147483648 : i32
// run: @sub(-128 : i8, 1 : i8) -> 127 : i8
// run: @mul(65535 : i17, 65535 : i17) -> 1 : i17
// run: @divs(-7 : i32, 2 : i32) -> -3 : i32
// run: @rems(-7 : i32, 2 : i32) -> -1 : i32
// run: @rems(7 : i32, -2 : i32) -> 1 : i32
// run: @divu(-1 : i8, 2 : i8) -> 127 : i8
// run: @remu(-3 : i17, 7 : i17) -> 1 : i17
// run: @bits(12 : i64, 10 : i64) -> 8 : i64, 14 : i64, 6 : i64
// run: @shl(1 : i128, 127 : i128) -> -170141183460469231731687303715884105728 : i128
// run: @shrs(-128 : i8, 7 : i8) -> -1 : i8
// run: @shru(-128 : i8, 7 : i8) -> 1 : i8
// run: @i1ops(true : i1, true : i1) -> 0 : i1, 1 : i1, 1 : i1
// run: @wide(170141183460469231731687303715884105727 : i128) -> -170141183460469231731687303715884105728 : i128, 3 : i128
func @add(%a: i32, %b: i32) -> i32 {
  %r = addi %a, %b : i32
  return %r : i32
}
func @sub(%a: i8, %b: i8) -> i8 {
  %r = subi %a, %b : i8
  return %r : i8
}
func @mul(%a: i17, %b: i17) -> i17 {
  %r = muli %a, %b : i17
  return %r : i17
}
func @divs(%a: i32, %b: i32) -> i32 {
  %r = divi_signed %a, %b : i32
  return %r : i32
}
func @rems(%a: i32, %b: i32) -> i32 {
  %r = remi_signed %a, %b : i32
  return %r : i32
}
func @divu(%a: i8, %b: i8) -> i8 {
  %r = divi_unsigned %a, %b : i8
  return %r : i8
}
func @remu(%a: i17, %b: i17) -> i17 {
  %r = remi_unsigned %a, %b : i17
  return %r : i17
}
func @bits(%a: i64, %b: i64) -> (i64, i64, i64) {
  %x = and %a, %b : i64
  %y = or %a, %b : i64
  %z = xor %a, %b : i64
  return %x, %y, %z : i64, i64, i64
}
func @shl(%a: i128, %b: i128) -> i128 {
  %r = shift_left %a, %b : i128
  return %r : i128
}
func @shrs(%a: i8, %b: i8) -> i8 {
  %r = shift_right_signed %a, %b : i8
  return %r : i8
}
func @shru(%a: i8, %b: i8) -> i8 {
  %r = shift_right_unsigned %a, %b : i8
  return %r : i8
}
func @i1ops(%a: i1, %b: i1) -> (i1, i1, i1) {
  %s = addi %a, %b : i1
  %m = muli %a, %b : i1
  %o = or %a, %b : i1
  return %s, %m, %o : i1, i1, i1
}
func @wide(%a: i128) -> (i128, i128) {
  %one = constant 1 : i128
  %s = addi %a, %one : i128
  %t = muli %a, %a : i128
  %u = subi %t, %a : i128
  %v = subi %u, %a : i128
  return %s, %v : i128, i128
}
