// cmpi with every predicate where signed and unsigned orders differ, and select.
// run: @cmp(-1 : i8, 1 : i8) -> 0 : i1, 1 : i1, 1 : i1, 1 : i1, 0 : i1, 0 : i1, 0 : i1, 0 : i1, 1 : i1, 1 : i1
// run: @cmp(5 : i8, 5 : i8) -> 1 : i1, 0 : i1, 0 : i1, 1 : i1, 0 : i1, 1 : i1, 0 : i1, 1 : i1, 0 : i1, 1 : i1
// run: @sel(true : i1, 3 : i64, 4 : i64) -> 3 : i64
// run: @sel(false : i1, 3 : i64, 4 : i64) -> 4 : i64
// run: @max_u(200 : i8, 100 : i8) -> -56 : i8
func @cmp(%a: i8, %b: i8) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = cmpi "eq", %a, %b : i8
  %1 = cmpi "ne", %a, %b : i8
  %2 = cmpi "slt", %a, %b : i8
  %3 = cmpi "sle", %a, %b : i8
  %4 = cmpi "sgt", %a, %b : i8
  %5 = cmpi "sge", %a, %b : i8
  %6 = cmpi "ult", %a, %b : i8
  %7 = cmpi "ule", %a, %b : i8
  %8 = cmpi "ugt", %a, %b : i8
  %9 = cmpi "uge", %a, %b : i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
func @sel(%c: i1, %a: i64, %b: i64) -> i64 {
  %r = select %c, %a, %b : i64
  return %r : i64
}
func @max_u(%a: i8, %b: i8) -> i8 {
  %c = cmpi "ugt", %a, %b : i8
  %r = select %c, %a, %b : i8
  return %r : i8
}
