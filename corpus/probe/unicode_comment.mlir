// run: @main() -> 3 : i32
// Non-ASCII text in comments and location file names.
// Ünïcödé comment — ok ✓
func @main() -> i32 { // “quoted”
  %a = constant 3 : i32 loc("fïle.mlir":1:1)
  return %a : i32
}
