// RUN: lower
// An attribute that llvm.call reads as its own cannot be carried over from a call.
func @g()
func @f() {
  // expected-error@+1:3 {{attribute 'branch_weights' of 'std.call' cannot be kept: 'llvm.call' gives it a meaning of its own}}
  call @g() {branch_weights = [1 : i32]} : () -> ()
  return
}
