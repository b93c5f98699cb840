// run: @main() -> 16 : i8, -2 : i16, -1073741824 : i31, 9223372036854775807 : i64, 1 : i1, 0 : i1
// Wrapping addi, subi, muli at i8, i16, i31, i64 and i1.
func @main() -> (i8, i16, i31, i64, i1, i1) {
  %a = constant 100 : i8
  %b = muli %a, %a : i8
  %c = constant 32767 : i16
  %d = addi %c, %c : i16
  %e = constant 1073741823 : i31
  %f = constant 1 : i31
  %g = addi %e, %f : i31
  %h = constant -9223372036854775808 : i64
  %one = constant 1 : i64
  %i = subi %h, %one : i64
  %t = constant true
  %m = muli %t, %t : i1
  %n = addi %t, %t : i1
  return %b, %d, %g, %i, %m, %n : i8, i16, i31, i64, i1, i1
}
