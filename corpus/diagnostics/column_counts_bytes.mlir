// Columns count bytes, as MLIR's do: each 'é' before the error is two bytes, so the
// '$' (the 46th character) is at column 48.
// expected-error@+1:48 {{unexpected character '$'}}
func @main() -> i32 attributes {note = "éé"} $ {
  %0 = constant 1 : i32
  return %0 : i32
}
