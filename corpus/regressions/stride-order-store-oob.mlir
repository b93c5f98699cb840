// Reduced by `stdlower reduce` from `stdlower gen --seed 37` with a planted bug (the
// lowering's index linearization used the strides in reverse order): the JIT crashed
// with SIGSEGV. Guards the stride order of load/store addresses.
// run: @main() -> ()
module {
  func @main() {
    %0 = constant 1 : index
    %1 = constant 3 : index
    %2 = alloca(%0, %1) : memref<?x?xf16>
    %3 = constant 0 : index
    %4 = constant 1 : index
    %5 = constant 0.0 : f16
    store %5, %2[%3, %4] : memref<?x?xf16>
    return
  }
}
