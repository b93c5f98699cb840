// run: @main() -> 1 : i1
// An i1 result prints 0 or 1.
func @main() -> i1 {
  %a = constant 5 : i8
  %b = constant -3 : i8
  %c = cmpi "ugt", %b, %a : i8
  return %c : i1
}
