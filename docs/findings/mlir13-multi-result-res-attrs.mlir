// stdlower-options: --index-bitwidth 64
// MLIR 13 and 14: a function of several results with result attributes does not lower.
// `stdlower check --upstream --mlir-bin DIR` with MLIR 13's or 14's bin directory shows
// mlir-opt's error; with MLIR 15 and later (and the default MLIR 22) it agrees.
func @two(%a: i32, %b: i32) -> (i32 {res.x = 1 : i32}, i32) {
  return %b, %a : i32, i32
}
func @main() -> i32 {
  %a = constant 3 : i32
  %b = constant 40 : i32
  %r:2 = call @two(%a, %b) : (i32, i32) -> (i32, i32)
  %s = subi %r#0, %r#1 : i32
  return %s : i32
}
