// run: @main() -> 109 : i64
// Mutual recursion is_even / is_odd on i32, results as i1 combined into an i64.
func @is_even(%n: i32) -> i1 {
  %zero = constant 0 : i32
  %z = cmpi "eq", %n, %zero : i32
  cond_br %z, ^yes, ^no
^yes:
  %t = constant true
  return %t : i1
^no:
  %one = constant 1 : i32
  %m = subi %n, %one : i32
  %r = call @is_odd(%m) : (i32) -> i1
  return %r : i1
}
func @is_odd(%n: i32) -> i1 {
  %zero = constant 0 : i32
  %z = cmpi "eq", %n, %zero : i32
  cond_br %z, ^no, ^yes
^no:
  %f = constant false
  return %f : i1
^yes:
  %one = constant 1 : i32
  %m = subi %n, %one : i32
  %r = call @is_even(%m) : (i32) -> i1
  return %r : i1
}
func @main() -> i64 {
  %a = constant 17 : i32
  %b = constant 100 : i32
  %c = constant 0 : i32
  %e1 = call @is_even(%a) : (i32) -> i1
  %e2 = call @is_even(%b) : (i32) -> i1
  %e3 = call @is_odd(%a) : (i32) -> i1
  %e4 = call @is_odd(%c) : (i32) -> i1
  %z1 = zexti %e1 : i1 to i64
  %z2 = zexti %e2 : i1 to i64
  %z3 = zexti %e3 : i1 to i64
  %z4 = zexti %e4 : i1 to i64
  %k = constant 10 : i64
  %r0 = muli %z1, %k : i64
  %r1 = addi %r0, %z2 : i64
  %r2 = muli %r1, %k : i64
  %r3 = addi %r2, %z3 : i64
  %r4 = muli %r3, %k : i64
  %r5 = addi %r4, %z4 : i64
  %s = sexti %e2 : i1 to i64
  %r = addi %r5, %s : i64
  return %r : i64
}
