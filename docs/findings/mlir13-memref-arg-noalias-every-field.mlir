// MLIR 13 to 15: a memref argument's llvm.noalias goes onto every argument it expands
// to, integers included, which its own mlir-translate rejects.
func @first(%m: memref<4xf32> {llvm.noalias = true}) -> f32 {
  %c0 = constant 0 : index
  %v = load %m[%c0] : memref<4xf32>
  return %v : f32
}
func @main() -> f32 {
  %m = alloc() : memref<4xf32>
  %c0 = constant 0 : index
  %one = constant 1.5 : f32
  store %one, %m[%c0] : memref<4xf32>
  %v = call @first(%m) : (memref<4xf32>) -> f32
  dealloc %m : memref<4xf32>
  return %v : f32
}
