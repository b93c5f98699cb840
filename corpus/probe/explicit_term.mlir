// run: @main() -> 3 : i32
// LLVM 11's module terminator written out in generic form.
module {
  func @main() -> i32 {
    %a = constant 3 : i32
    return %a : i32
  }
  "module_terminator"() : () -> ()
}
