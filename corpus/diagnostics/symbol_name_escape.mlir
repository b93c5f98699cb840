// A quoted symbol name takes MLIR's escapes only (\" \\ \n \t and two hex digits);
// mlir-opt 22 reports any other at its backslash.
// expected-error@+1:12 {{unknown escape in string literal}}
func @"main\q"() -> i32 {
  %0 = constant 1 : i32
  return %0 : i32
}
