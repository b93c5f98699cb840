func @main() -> i32 {
  // expected-error@+1:8 {{'std.call' op calls an undefined function @nope}}
  %0 = call @nope() : () -> i32
  return %0 : i32
}
