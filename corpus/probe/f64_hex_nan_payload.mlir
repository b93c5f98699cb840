// run: @main() -> nan : f64, 0 : i1
// -NaN with a payload from a hex constant propagates through mulf; ord is false.
func @main() -> (f64, i1) {
  %a = constant 0xFFF0000000000001 : f64
  %b = constant 0x7FF0000000000000 : f64
  %c = mulf %a, %b : f64
  %d = cmpf "ord", %c, %c : f64
  return %c, %d : f64, i1
}
