// The entry block's arguments are the function's: a label may not declare others.
// expected-error@+1:1 {{entry block must have 0 arguments to match function signature}}
func @main() -> i32 {
^bb0(%x: i32):
  return %x : i32
}
