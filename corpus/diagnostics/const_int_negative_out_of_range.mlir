// The smallest i8 is -128; the location is the digits after the minus sign.
func @main() -> i8 {
  // expected-error@+1:18 {{integer constant out of range for attribute: -129 does not fit in i8}}
  %0 = constant -129 : i8
  return %0 : i8
}
