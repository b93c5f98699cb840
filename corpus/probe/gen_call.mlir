// run: @main() -> 20724 : i64
// Generic-form call, function constant and call_indirect with two results.
func @f(%a: i64) -> (i64, i64) {
  %b = "std.muli"(%a, %a) : (i64, i64) -> i64
  "std.return"(%a, %b) : (i64, i64) -> ()
}
func @main() -> i64 {
  %a = "std.constant"() {value = 12 : i64} : () -> i64
  %r:2 = "std.call"(%a) {callee = @f} : (i64) -> (i64, i64)
  %fr = "std.constant"() {value = @f} : () -> ((i64) -> (i64, i64))
  %s:2 = "std.call_indirect"(%fr, %r#1) : ((i64) -> (i64, i64), i64) -> (i64, i64)
  %t = "std.subi"(%s#1, %r#0) : (i64, i64) -> i64
  "std.return"(%t) : (i64) -> ()
}
