// Found by `cargo fuzz run lowering` (about a minute), reduced by `stdlower reduce`: a
// Standard `alloca` and the slot of a cast to unranked sit in ^bb1 (dynamic allocas,
// where the spec puts them), then a call passes vectors the host passes in memory with
// 32-byte alignment. LLVM 22's x86 back end moved the stack pointer by 16 and 32 bytes
// for the allocas and then stored the outgoing `<5 x i32>` with `vmovaps` at a 16-byte
// aligned address: SIGSEGV (docs/findings/llvm22-o0-dynamic-alloca-vector-args.md, seen
// with gdb under `lli-22 -O0`). The JIT now gives dynamic allocas 64-byte alignment.
// run: @main() -> ()
module {
  func @main() {
    br ^bb1
  ^bb1:
    %0 = constant dense<0.0> : vector<5x2x1xf64>
    %1 = constant dense<0> : vector<6x1x1xi17>
    %2 = alloca() : memref<index>
    %3 = memref_cast %2 : memref<index> to memref<*xindex>
    %4 = constant dense<0> : vector<5xi32>
    call @f1(%0, %1, %3, %4) : (vector<5x2x1xf64>, vector<6x1x1xi17>, memref<*xindex>, vector<5xi32>) -> ()
    return
  }
  func @f1(%arg0: vector<5x2x1xf64>, %arg1: vector<6x1x1xi17>, %arg2: memref<*xindex>, %arg3: vector<5xi32>) {
    return
  }
}
