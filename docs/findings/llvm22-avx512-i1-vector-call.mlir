// Reproducer: `stdlower run` crashes with SIGABRT (LLVM aborts while JIT-compiling for an
// AVX-512 host). Not a file test: it documents an upstream LLVM 22 bug; see the .md.
func @main() {
  return
}
func @f(%v: vector<1x6x1xi1>) {
  call @f(%v) : (vector<1x6x1xi1>) -> ()
  return
}
