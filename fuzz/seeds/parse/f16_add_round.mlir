// run: @main() -> 5.0 : f32
// f16 addition rounds to nearest even at every step: 2048+1 -> 2048, 2048+3 -> 2052,
// and 0.1 (rounded to f16) * 10 lands exactly on a tie and rounds up to 1.0.
func @main() -> f32 {
  %a32 = constant 2048.0 : f32
  %one32 = constant 1.0 : f32
  %three32 = constant 3.0 : f32
  %tenth32 = constant 0.1 : f32
  %ten32 = constant 10.0 : f32
  %a = fptrunc %a32 : f32 to f16
  %one = fptrunc %one32 : f32 to f16
  %three = fptrunc %three32 : f32 to f16
  %tenth = fptrunc %tenth32 : f32 to f16
  %ten = fptrunc %ten32 : f32 to f16
  %s1 = addf %a, %one : f16
  %s2 = addf %a, %three : f16
  %t = subf %s2, %s1 : f16
  %p = mulf %tenth, %ten : f16
  %r16 = addf %t, %p : f16
  %r = fpext %r16 : f16 to f32
  return %r : f32
}
