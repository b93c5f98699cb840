// run: @main() -> 0 : index
// index results; signed division and unsigned remainder on index.
func @main() -> index {
  %a = constant -7 : index
  %b = constant 3 : index
  %c = divi_signed %a, %b : index
  %d = remi_unsigned %a, %b : index
  %e = muli %c, %d : index
  return %e : index
}
