// run: @main() -> 65544181850948418 : i64
// Width 17: overflow past 2^16 / 2^17, signed and unsigned division at odd width.
func @main() -> i64 {
  %a = constant 65535 : i17
  %one = constant 1 : i17
  %k = constant 1000 : i17
  %seven = constant 7 : i17
  %sixteen = constant 16 : i17
  %m3 = constant -3 : i17
  %v0 = addi %a, %one : i17
  %v1 = muli %k, %k : i17
  %v2 = shift_left %one, %sixteen : i17
  %v3 = divi_signed %v2, %seven : i17
  %v4 = remi_signed %v2, %seven : i17
  %v5 = divi_unsigned %m3, %seven : i17
  %v6 = remi_unsigned %m3, %seven : i17
  %s0 = sexti %v0 : i17 to i64
  %z0 = zexti %v0 : i17 to i64
  %s1 = sexti %v1 : i17 to i64
  %s3 = sexti %v3 : i17 to i64
  %s4 = sexti %v4 : i17 to i64
  %z5 = zexti %v5 : i17 to i64
  %z6 = zexti %v6 : i17 to i64
  %b = constant 1000000 : i64
  %r0 = muli %s0, %b : i64
  %r1 = addi %r0, %z0 : i64
  %r2 = muli %r1, %b : i64
  %r3 = addi %r2, %s1 : i64
  %r4 = muli %s3, %b : i64
  %r5 = addi %r4, %z5 : i64
  %c10 = constant 10 : i64
  %r6 = muli %r5, %c10 : i64
  %r7 = addi %r6, %z6 : i64
  %c100 = constant 100 : i64
  %r8 = muli %r7, %c100 : i64
  %r9 = addi %r8, %s4 : i64
  %r = xor %r3, %r9 : i64
  return %r : i64
}
