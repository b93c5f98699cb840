// run: @main() -> 65500.0 : f16, -1.7014118346046923e38 : f64, -1.0 : f32, 2048.0 : f16, 9007199254740992.0 : f64
// sitofp rounding to f16 (65519 to 65504, 2049 to 2048) and f64, the i128 minimum,
// i1 true to -1.0.
func @main() -> (f16, f64, f32, f16, f64) {
  %a = constant 65519 : i32
  %b = sitofp %a : i32 to f16
  %c = constant -170141183460469231731687303715884105728 : i128
  %d = sitofp %c : i128 to f64
  %e = constant -1 : i1
  %f = sitofp %e : i1 to f32
  %g = constant 2049 : i64
  %h = sitofp %g : i64 to f16
  %i = constant 9007199254740993 : i64
  %j = sitofp %i : i64 to f64
  return %b, %d, %f, %h, %j : f16, f64, f32, f16, f64
}
