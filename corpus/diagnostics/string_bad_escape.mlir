// A bad escape is reported at its backslash, as MLIR does.
// expected-error@+1:42 {{unknown escape in string literal}}
func @main() -> i32 attributes {note = "a\q"} {
  %0 = constant 1 : i32
  return %0 : i32
}
