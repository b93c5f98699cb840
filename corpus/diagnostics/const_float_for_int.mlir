func @main() -> i32 {
  // expected-error@+1:17 {{floating point value not valid for specified type}}
  %0 = constant 1.5 : i32
  return %0 : i32
}
