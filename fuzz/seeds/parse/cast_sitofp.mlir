// run: @main() -> 123448470.0 : f32
// sitofp rounding (16777217 -> 16777216, 2^53+1 -> 2^53), i1 true -> -1.0, i8 -> f32.
func @main() -> f32 {
  %a32 = constant 16777217 : i32
  %a = sitofp %a32 : i32 to f32
  %t = constant true
  %b = sitofp %t : i1 to f32
  %c8 = constant -128 : i8
  %c = sitofp %c8 : i8 to f32
  %d64 = constant -9007199254740993 : i64
  %dd = sitofp %d64 : i64 to f64
  %d = fptrunc %dd : f64 to f32
  %e64 = constant 123456789 : i64
  %e = sitofp %e64 : i64 to f32
  %ab = addf %a, %b : f32
  %abc = addf %ab, %c : f32
  %ea = subf %e, %a : f32
  %s = addf %abc, %ea : f32
  %scale = constant 9.094947017729282e-13 : f32
  %ds = mulf %d, %scale : f32
  %r = addf %s, %ds : f32
  return %r : f32
}
