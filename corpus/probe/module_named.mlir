// run: @main() -> -2 : i8
// A named module; i8 constants -1 and 0xFF add to -2.
module @my_mod {
  func @main() -> i8 {
    %a = constant -1 : i8
    %b = constant 0xFF : i8
    %c = addi %a, %b : i8
    return %c : i8
  }
}
