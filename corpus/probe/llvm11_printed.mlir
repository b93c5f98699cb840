// run: @main() -> 52.5 : f32
// A module as LLVM 11's printer writes it: `1.000000e+00` floats, `%c42_i32`
// names, `// pred:` comments.
module {
  func @main() -> f32 {
    %cst = constant 1.000000e+00 : f32
    %cst_0 = constant 2.500000e-01 : f32
    %c0 = constant 0 : index
    %c42_i32 = constant 42 : i32
    %0 = addf %cst, %cst_0 : f32
    %1 = sitofp %c42_i32 : i32 to f32
    %2 = mulf %0, %1 : f32
    br ^bb1(%2 : f32)
  ^bb1(%3: f32):  // pred: ^bb0
    return %3 : f32
  }
}
