// func.constant names a function; a number is an arith.constant.
func.func @f() -> i32 {
  // expected-error@+1 {{func.constant takes a function reference}}
  %0 = func.constant 3 : i32
  func.return %0 : i32
}
