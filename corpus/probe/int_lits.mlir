// run: @main() -> -1 : i8, -1 : i32, -32768 : i16, -1 : i64, 1 : i1, 16 : index
// Integer literals filling the width as unsigned (255 : i8, 0xFFFFFFFF : i32,
// 2^64-1 : i64), -1 : i1, a hex index.
func @main() -> (i8, i32, i16, i64, i1, index) {
  %a = constant 255 : i8
  %b = constant 0xFFFFFFFF : i32
  %c = constant 0x8000 : i16
  %d = constant 18446744073709551615 : i64
  %e = constant -1 : i1
  %f = constant 0x10 : index
  return %a, %b, %c, %d, %e, %f : i8, i32, i16, i64, i1, index
}
