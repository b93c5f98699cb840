// run: @main() -> -5 : i32
// Generic-form ops as LLVM 11 prints them: cmpi's predicate is the enum value
// (`{predicate = 8 : i64}` is ugt, 2 is slt), constants and select in generic form.
func @main() -> i32 {
  %a = "std.constant"() {value = -5 : i32} : () -> i32
  %b = "std.constant"() {value = 3 : i32} : () -> i32
  %c = "std.cmpi"(%a, %b) {predicate = 8 : i64} : (i32, i32) -> i1
  %d = "std.cmpi"(%a, %b) {predicate = 2 : i64} : (i32, i32) -> i1
  %e = "std.select"(%c, %a, %b) : (i1, i32, i32) -> i32
  %f = "std.select"(%d, %e, %b) : (i1, i32, i32) -> i32
  "std.return"(%f) : (i32) -> ()
}
