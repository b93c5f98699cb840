// Reproducer: `stdlower run` dies with SIGABRT (LLVM aborts while compiling @f3).
// Not a file test: it documents an upstream LLVM 22 bug; see the .md.
module {
  func @main() {
    return
  }
  func @f3(%arg0: i32, %arg1: i32) -> vector<5x3x1xi128> {
    %0 = constant 0 : i32
    %1 = constant 0 : i32
    %2 = call @f3(%0, %1) : (i32, i32) -> vector<5x3x1xi128>
    %3 = addi %2, %2 : vector<5x3x1xi128>
    return %3 : vector<5x3x1xi128>
  }
}
