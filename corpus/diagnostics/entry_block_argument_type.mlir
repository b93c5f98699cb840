// expected-error@+1:1 {{'func' op type of entry block argument #0(f32) must match the type of the corresponding argument in function signature(i32)}}
func @f(i32, f32) {
^bb42(%0: f32, %1: f32):
  return
}
