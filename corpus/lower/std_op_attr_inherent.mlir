// RUN: lower
// An attribute that the LLVM op would read as its own cannot be carried over from a
// Standard op whose attributes the lowering copies: `overflowFlags = "nsw"` on an
// `llvm.add` would make a wrapping `addi` poison on overflow, `fastmathFlags` would
// license other results, `branch_weights` would steer LLVM's optimizers.
func @f(%a: i32, %x: f32, %c: i1) -> i32 {
  // expected-error@+1:8 {{attribute 'overflowFlags' of 'std.addi' cannot be kept: the LLVM op it lowers to gives it a meaning of its own}}
  %s = addi %a, %a {overflowFlags = "nsw"} : i32
  // expected-error@+1:8 {{attribute 'fastmathFlags' of 'std.mulf' cannot be kept: the LLVM op it lowers to gives it a meaning of its own}}
  %m = mulf %x, %x {fastmathFlags = "fast"} : f32
  // expected-error@+1:3 {{attribute 'branch_weights' of 'std.cond_br' cannot be kept: the LLVM op it lowers to gives it a meaning of its own}}
  cond_br %c, ^bb1, ^bb1 {branch_weights = [1 : i32, 2 : i32]}
^bb1:
  return %a : i32
}
