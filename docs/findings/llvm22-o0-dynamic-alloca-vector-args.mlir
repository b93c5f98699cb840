// Reproducer: `stdlower run` crashes with SIGSEGV; the interpreter returns normally.
// Not a file test: it documents an upstream LLVM 22 bug; see the .md.
module {
  func @main() {
    br ^bb1
  ^bb1:
    %0 = alloca() : memref<3x1xi17>
    %1 = constant 0 : i8
    %2 = constant 0 : index
    %3 = alloc(%2) {alignment = 128} : memref<1x3x?xindex>
    %4 = constant dense<0.0> : vector<8x2x1xf32>
    %5 = constant dense<0> : vector<2x1x7xi32>
    %6 = constant 0.0 : f32
    call @f1(%1, %3, %4, %5, %6) : (i8, memref<1x3x?xindex>, vector<8x2x1xf32>, vector<2x1x7xi32>, f32) -> ()
    return
  }
  func @f1(%arg0: i8, %arg1: memref<1x3x?xindex>, %arg2: vector<8x2x1xf32>, %arg3: vector<2x1x7xi32>, %arg4: f32) {
    return
  }
}
