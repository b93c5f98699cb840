// MLIR 13, 14: mlir-opt prints llvm.return with attributes in a form its own parser
// (mlir-translate) rejects: "expected integer number of results".
func @main() -> i32 {
  %c = constant 3 : i32
  br ^bb1 {foo}
^bb1:
  return {bar} %c : i32
}
