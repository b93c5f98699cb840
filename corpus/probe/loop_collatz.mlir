// run: @main() -> 111 : i32
// Collatz steps from 27.
func @main() -> i32 {
  %n0 = constant 27 : i64
  %z = constant 0 : i32
  br ^l(%n0, %z : i64, i32)
^l(%n: i64, %steps: i32):
  %one = constant 1 : i64
  %done = cmpi "eq", %n, %one : i64
  cond_br %done, ^x, ^b
^b:
  %two = constant 2 : i64
  %r = remi_unsigned %n, %two : i64
  %zero = constant 0 : i64
  %even = cmpi "eq", %r, %zero : i64
  %h = divi_unsigned %n, %two : i64
  %three = constant 3 : i64
  %t = muli %n, %three : i64
  %t1 = addi %t, %one : i64
  %nn = select %even, %h, %t1 : i64
  %c1 = constant 1 : i32
  %s2 = addi %steps, %c1 : i32
  br ^l(%nn, %s2 : i64, i32)
^x:
  return %steps : i32
}
