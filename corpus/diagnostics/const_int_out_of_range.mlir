// An integer constant must fit its type: 256 needs 9 bits, i8 has 8 (LLVM 11 rejects it too).
func @main() -> i8 {
  // expected-error@+1:17 {{integer constant out of range for attribute: 256 does not fit in i8}}
  %0 = constant 256 : i8
  return %0 : i8
}
