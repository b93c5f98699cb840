// Undefined behaviour in arithmetic: division and remainder by zero (signed and
// unsigned), signed division overflow (MIN / -1, also for the remainder), shifts by at
// least the bit width (including negative amounts, which are huge unsigned), fptosi of
// NaN and of values out of range, and the same in a vector lane.
// run: @divs(1 : i32, 0 : i32) -> ub "division by zero"
// run: @divu(1 : i8, 0 : i8) -> ub "divi_unsigned of 1 by zero"
// run: @rems(5 : i17, 0 : i17) -> ub "division by zero"
// run: @remu(5 : i64, 0 : i64) -> ub "division by zero"
// run: @divs(-2147483648 : i32, -1 : i32) -> ub "signed division overflow"
// run: @rems(-65536 : i17, -1 : i17) -> ub "signed division overflow"
// run: @shl(1 : i32, 32 : i32) -> ub "oversized shift: shift_left by 32, at least the bit width of i32"
// run: @shr(1 : i8, -1 : i8) -> ub "oversized shift"
// run: @shl(1 : i32, 31 : i32) -> -2147483648 : i32
// run: @fptosi(nan : f32) -> ub "fptosi out of range: fptosi of f32 nan does not fit in i32"
// run: @fptosi(2147483648.0 : f32) -> ub "fptosi out of range"
// run: @fptosi(-2147483648.0 : f32) -> -2147483648 : i32
// run: @fptosi(inf : f32) -> ub "fptosi out of range"
// run: @vdiv() -> ub "division by zero: divi_signed of 3 by zero (i32) (vector lane 2)"
func @divs(%a: i32, %b: i32) -> i32 {
  %r = divi_signed %a, %b : i32
  return %r : i32
}
func @divu(%a: i8, %b: i8) -> i8 {
  %r = divi_unsigned %a, %b : i8
  return %r : i8
}
func @rems(%a: i17, %b: i17) -> i17 {
  %r = remi_signed %a, %b : i17
  return %r : i17
}
func @remu(%a: i64, %b: i64) -> i64 {
  %r = remi_unsigned %a, %b : i64
  return %r : i64
}
func @shl(%a: i32, %b: i32) -> i32 {
  %r = shift_left %a, %b : i32
  return %r : i32
}
func @shr(%a: i8, %b: i8) -> i8 {
  %r = shift_right_signed %a, %b : i8
  return %r : i8
}
func @fptosi(%a: f32) -> i32 {
  %r = fptosi %a : f32 to i32
  return %r : i32
}
func @vdiv() -> vector<4xi32> {
  %a = constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %b = constant dense<[1, 1, 0, 1]> : vector<4xi32>
  %r = divi_signed %a, %b : vector<4xi32>
  return %r : vector<4xi32>
}
