// run: @main() -> -5 : index, 44 : i8, -1 : i128, -1 : index, 0 : i1
// index_cast in both directions with sign extension and truncation.
func @main() -> (index, i8, i128, index, i1) {
  %a = constant -5 : i8
  %b = index_cast %a : i8 to index
  %c = constant 300 : index
  %d = index_cast %c : index to i8
  %e = constant -1 : index
  %f = index_cast %e : index to i128
  %g = constant -1 : i32
  %h = index_cast %g : i32 to index
  %i = index_cast %c : index to i1
  return %b, %d, %f, %h, %i : index, i8, i128, index, i1
}
