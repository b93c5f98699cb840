// run: @main() -> 3.0 : f32
// Block arguments of two types and a predecessor comment.
func @main() -> f32 {
  %x = constant 1.5 : f32
  %y = constant 2 : i32
  br ^body(%x, %y : f32, i32)
^body(%p: f32, %q: i32):  // pred: ^bb0
  %qf = sitofp %q : i32 to f32
  %r = mulf %p, %qf : f32
  return %r : f32
}
