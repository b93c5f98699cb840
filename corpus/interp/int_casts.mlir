// zexti, sexti, trunci and index_cast (int -> index sign-extends, index -> int truncates).
// run: @ext(-1 : i8) -> 255 : i32, -1 : i32
// run: @ext(127 : i8) -> 127 : i32, 127 : i32
// run: @trunc(300 : i32) -> 44 : i8
// run: @trunc(-129 : i32) -> 127 : i8
// run: @icast(-5 : i32) -> -5 : index, -5 : i16
// run: @icast_trunc(4294967297 : index) -> 1 : i32
// run: @bool(true : i1) -> 1 : i64, -1 : i64
func @ext(%a: i8) -> (i32, i32) {
  %z = zexti %a : i8 to i32
  %s = sexti %a : i8 to i32
  return %z, %s : i32, i32
}
func @trunc(%a: i32) -> i8 {
  %t = trunci %a : i32 to i8
  return %t : i8
}
func @icast(%a: i32) -> (index, i16) {
  %i = index_cast %a : i32 to index
  %j = index_cast %i : index to i16
  return %i, %j : index, i16
}
func @icast_trunc(%a: index) -> i32 {
  %t = index_cast %a : index to i32
  return %t : i32
}
func @bool(%b: i1) -> (i64, i64) {
  %z = zexti %b : i1 to i64
  %s = sexti %b : i1 to i64
  return %z, %s : i64, i64
}
