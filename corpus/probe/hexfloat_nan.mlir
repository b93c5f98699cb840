// run: @main() -> 1 : i1
// A hexadecimal NaN constant is unordered with itself.
func @main() -> i1 {
  %a = constant 0x7FC00000 : f32
  %b = cmpf "uno", %a, %a : f32
  return %b : i1
}
