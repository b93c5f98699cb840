// cf.switch has no Standard-dialect counterpart in LLVM 11.
func.func @f(%a: i32) {
  // expected-error@+1 {{unsupported upstream operation 'cf.switch'}}
  cf.switch %a : i32, [
    default: ^bb1
  ]
^bb1:
  func.return
}
