// sitofp rounds once from the full-width integer; fptosi truncates toward zero;
// fpext is exact; fptrunc rounds once to nearest even (f64 -> f16 directly: 1 + 2^-11 +
// 2^-40 rounds up, where rounding through f32 would land on the tie and round down).
// run: @i64_to_f32(9007199791611905 : i64) -> 9007200328482816.0 : f32
// run: @i64_to_f32(16777217 : i64) -> 16777216.0 : f32
// run: @i128_to_f64(-170141183460469231731687303715884105728 : i128) -> -1.7014118346046923e38 : f64
// run: @i32_to_f16(65519 : i32) -> 65500.0 : f16
// run: @i32_to_f16(65520 : i32) -> inf : f16
// run: @to_int(-2.9 : f64) -> -2 : i8, -2 : i64
// run: @to_int(127.99 : f64) -> 127 : i8, 127 : i64
// run: @ext_trunc(0.1 : f64) -> 0.1 : f32, 0.1 : f16, 0.10000000149011612 : f64
// run: @trunc_tie(1.00048828125 : f64) -> 1.0 : f16
// run: @trunc_tie(1.00146484375 : f64) -> 1.002 : f16
// run: @f16_direct(1.0004882812509095 : f64) -> 1.001 : f16
func @i64_to_f32(%a: i64) -> f32 {
  %f = sitofp %a : i64 to f32
  return %f : f32
}
func @i128_to_f64(%a: i128) -> f64 {
  %f = sitofp %a : i128 to f64
  return %f : f64
}
func @i32_to_f16(%a: i32) -> f16 {
  %f = sitofp %a : i32 to f16
  return %f : f16
}
func @to_int(%a: f64) -> (i8, i64) {
  %x = fptosi %a : f64 to i8
  %y = fptosi %a : f64 to i64
  return %x, %y : i8, i64
}
func @ext_trunc(%a: f64) -> (f32, f16, f64) {
  %s = fptrunc %a : f64 to f32
  %h = fptrunc %a : f64 to f16
  %d = fpext %s : f32 to f64
  return %s, %h, %d : f32, f16, f64
}
func @trunc_tie(%a: f64) -> f16 {
  %h = fptrunc %a : f64 to f16
  return %h : f16
}
func @f16_direct(%a: f64) -> f16 {
  %h = fptrunc %a : f64 to f16
  return %h : f16
}
