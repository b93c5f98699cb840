// run: @main() -> 768 : i32
// Ops spelled with their full `std.` name, a hex integer constant and an op in generic
// form, all valid LLVM 11 syntax for the Standard dialect.
func @main() -> i32 {
  %a = std.constant 0xFF : i32
  %b = std.constant 3 : i32
  %c = std.muli %a, %b : i32
  %d = "std.addi"(%c, %b) : (i32, i32) -> i32
  %e = std.cmpi "ugt", %d, %a : i32
  %f = std.select %e, %d, %a : i32
  std.return %f : i32
}
