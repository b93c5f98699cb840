// With a signature of bare types, the entry block must declare every argument.
// expected-error@+1:1 {{'func' op entry block must have 2 arguments to match function signature}}
func @f(i32, f32) {
^bb42(%0: f32):
  return
}
