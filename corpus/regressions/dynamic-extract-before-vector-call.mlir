// Found by `cargo fuzz run lowering` (25 s, in-process JIT without AVX-512), reduced by
// `stdlower reduce`: the stack slot of a dynamic `extract_element` sat in ^bb1, so LLVM
// saw a dynamic alloca, and the call passing `[8 x <2 x i16>]` and `[4 x <3 x double>]`
// after it crashed at -O0 (the LLVM 22 bug of
// docs/findings/llvm22-o0-dynamic-alloca-vector-args.md). The slot is now allocated at
// the top of the entry block, so no dynamic alloca is left.
// run: @main() -> ()
module {
  func @main() {
    br ^bb1
  ^bb1:
    %0 = constant dense<0> : vector<1x1x8xi7>
    %1 = constant 0 : index
    %2 = constant 0 : index
    %3 = constant 1 : index
    %4 = remi_unsigned %2, %3 : index
    %5 = constant 0 : index
    %6 = extract_element %0[%1, %4, %5] : vector<1x1x8xi7>
    %7 = constant dense<0> : vector<8x2xi16>
    %8 = constant dense<0.0> : vector<4x3xf64>
    call @f2(%7, %8) : (vector<8x2xi16>, vector<4x3xf64>) -> ()
    return
  }
  func @f2(%arg0: vector<8x2xi16>, %arg1: vector<4x3xf64>) {
    return
  }
}
