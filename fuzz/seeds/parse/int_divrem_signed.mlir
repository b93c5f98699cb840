// run: @main() -> 300099378923299288 : i64
// Signed division truncates toward zero; the remainder takes the dividend's sign.
func @divrem(%a: i32, %b: i32) -> i64 {
  %q = divi_signed %a, %b : i32
  %r = remi_signed %a, %b : i32
  %q64 = sexti %q : i32 to i64
  %r64 = sexti %r : i32 to i64
  %k = constant 1000 : i64
  %t = muli %q64, %k : i64
  %s = addi %t, %r64 : i64
  return %s : i64
}
func @main() -> i64 {
  %p7 = constant 7 : i32
  %m7 = constant -7 : i32
  %p2 = constant 2 : i32
  %m2 = constant -2 : i32
  %min = constant -2147483648 : i32
  %p3 = constant 3 : i32
  %m1 = constant -1 : i32
  %d0 = call @divrem(%m7, %p2) : (i32, i32) -> i64
  %d1 = call @divrem(%p7, %m2) : (i32, i32) -> i64
  %d2 = call @divrem(%m7, %m2) : (i32, i32) -> i64
  %d3 = call @divrem(%min, %p3) : (i32, i32) -> i64
  %d4 = call @divrem(%m1, %p7) : (i32, i32) -> i64
  %d5 = call @divrem(%min, %m2) : (i32, i32) -> i64
  %k = constant 10000000 : i64
  %a0 = muli %d0, %k : i64
  %a1 = addi %a0, %d1 : i64
  %a2 = muli %a1, %k : i64
  %a3 = addi %a2, %d2 : i64
  %a4 = xor %a3, %d3 : i64
  %a5 = addi %a4, %d4 : i64
  %a6 = subi %a5, %d5 : i64
  return %a6 : i64
}
