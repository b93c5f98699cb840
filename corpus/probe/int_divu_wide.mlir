// run: @main() -> 34028236692093846346337460743176821145 : i128, 5 : i128, -24305883351495604533098186245126300818 : i128, -1 : i128, 0 : i9
// i128 unsigned and signed division and remainder; i9 signed division.
func @main() -> (i128, i128, i128, i128, i9) {
  %a = constant -1 : i128
  %b = constant 10 : i128
  %c = divi_unsigned %a, %b : i128
  %d = remi_unsigned %a, %b : i128
  %e = constant -170141183460469231731687303715884105727 : i128
  %f = constant 7 : i128
  %g = divi_signed %e, %f : i128
  %h = remi_signed %e, %f : i128
  %i = constant -256 : i9
  %j = constant -1 : i9
  %k = divi_signed %j, %i : i9
  return %c, %d, %g, %h, %k : i128, i128, i128, i128, i9
}
