// run: @main() -> -3 : i32, 127 : i8, -9200000000000000000 : i64, 1000 : i16, 0 : i1
// fptosi truncates toward zero from f32, f64 and f16; -0.5 to i1 is 0.
func @main() -> (i32, i8, i64, i16, i1) {
  %a = constant -3.99 : f32
  %b = fptosi %a : f32 to i32
  %c = constant 127.9 : f64
  %d = fptosi %c : f64 to i8
  %e = constant -9.2e18 : f64
  %f = fptosi %e : f64 to i64
  %g = constant 1000.5 : f16
  %h = fptosi %g : f16 to i16
  %i = constant -0.5 : f32
  %j = fptosi %i : f32 to i1
  return %b, %d, %f, %h, %j : i32, i8, i64, i16, i1
}
