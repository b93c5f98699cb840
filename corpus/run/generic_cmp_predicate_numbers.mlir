// LLVM 11's generic form writes a comparison predicate as its enum value (`2` is slt,
// `6` ult, cmpf `15` true); they mean the same as the custom form's names.
// run: @main() -> 101 : i32
func @main() -> i32 {
  %a = constant -1 : i32
  %b = constant 1 : i32
  %0 = "std.cmpi"(%a, %b) {predicate = 2 : i64} : (i32, i32) -> i1
  %1 = "std.cmpi"(%a, %b) {predicate = 6 : i64} : (i32, i32) -> i1
  %x = constant 1.0 : f32
  %2 = "std.cmpf"(%x, %x) {predicate = 15 : i64} : (f32, f32) -> i1
  %3 = zexti %0 : i1 to i32
  %4 = zexti %1 : i1 to i32
  %5 = zexti %2 : i1 to i32
  %c10 = constant 10 : i32
  %c100 = constant 100 : i32
  %6 = muli %4, %c10 : i32
  %7 = muli %5, %c100 : i32
  %8 = addi %3, %6 : i32
  %9 = addi %8, %7 : i32
  return %9 : i32
}
