// arith.maxsi has no Standard-dialect counterpart in LLVM 11.
func.func @f(%a: i32, %b: i32) -> i32 {
  // expected-error@+1 {{unsupported upstream operation 'arith.maxsi'}}
  %0 = arith.maxsi %a, %b : i32
  func.return %0 : i32
}
