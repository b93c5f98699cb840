// run: @main() -> 16 : i32
// Module attributes, argument and function attributes, a parenthesised single result.
module attributes {llvm.data_layout = "", foo.bar = 3 : i32} {
  func @helper(%x: i32 {llvm.noalias = true}) -> (i32) attributes {sym_visibility = "private", some.unit} {
    return %x : i32
  }
  func @main() -> i32 {
    %a = constant 0x10 : i32
    %b = call @helper(%a) : (i32) -> i32
    return %b : i32
  }
}
