// In generic form a comparison predicate is the enum value: cmpi has ten.
func @f(%a: i32) -> i1 {
  // expected-error@+1 {{invalid 'std.cmpi' predicate 10: expected 0 to 9}}
  %0 = "std.cmpi"(%a, %a) {predicate = 10 : i64} : (i32, i32) -> i1
  return %0 : i1
}
