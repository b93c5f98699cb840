// run: @main() -> 1 : i32
// A fused location with metadata.
func @main() -> i32 {
  %a = constant 1 : i32 loc(fused<"meta">["a.mlir":1:2])
  return %a : i32
}
