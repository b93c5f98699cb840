// run: @main() -> 52 : i8, 1 : i1, 56 : i7, 56 : i64, 56 : i64, -1 : i33
// trunci to i8, i1, i7 and i33; sexti/zexti of the i7.
func @main() -> (i8, i1, i7, i64, i64, i33) {
  %a = constant 0x1234 : i16
  %b = trunci %a : i16 to i8
  %c = constant 3 : i32
  %d = trunci %c : i32 to i1
  %e = constant -200 : i64
  %f = trunci %e : i64 to i7
  %g = sexti %f : i7 to i64
  %h = zexti %f : i7 to i64
  %i = constant -1 : i128
  %j = trunci %i : i128 to i33
  return %b, %d, %f, %g, %h, %j : i8, i1, i7, i64, i64, i33
}
