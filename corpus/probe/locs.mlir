// run: @main() -> 7 : i32
// Trailing locations of every kind, a #loc alias, on ops, functions and the module.
#loc0 = loc("in.mlir":1:1)
module {
  func @main() -> i32 {
    %a = constant 1 : i32 loc("in.mlir":3:5)
    %b = constant 2 : i32 loc(unknown)
    %c = addi %a, %b : i32 loc(fused["a.mlir":1:2, "b.mlir":3:4])
    %d = muli %c, %c : i32 loc("named"("x.mlir":5:6))
    %e = subi %d, %a : i32 loc(callsite("foo" at "bar.mlir":7:8))
    %f = subi %e, %a : i32 loc(#loc0)
    return %f : i32 loc("in.mlir":8:5)
  } loc("in.mlir":2:3)
} loc(unknown)
