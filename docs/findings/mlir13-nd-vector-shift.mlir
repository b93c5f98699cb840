// MLIR 13: -convert-std-to-llvm lowers a shift of an n-D vector to one llvm.shl/ashr/lshr
// of the array of vectors it converts the type to, which the LLVM dialect rejects.
func @main() -> i32 {
  %0 = constant dense<8> : vector<2x2xi32>
  %1 = constant dense<1> : vector<2x2xi32>
  %2 = shift_right_signed %0, %1 : vector<2x2xi32>
  %3 = vector.extract %2[1, 1] : i32 from vector<2x2xi32>
  return %3 : i32
}
