// Cast errors carry MLIR's wording too.
func @zexti(%a: i32) -> i16 {
  // expected-error@+1:8 {{result type 'i16' must be wider than operand type 'i32'}}
  %0 = zexti %a : i32 to i16
  return %0 : i16
}
func @trunci(%a: i8) -> i8 {
  // expected-error@+1:8 {{result type 'i8' must be shorter than operand type 'i8'}}
  %0 = trunci %a : i8 to i8
  return %0 : i8
}
func @fptosi(%a: i32) -> i32 {
  // expected-error@+1:8 {{operand type 'i32' and result type 'i32' are cast incompatible}}
  %0 = fptosi %a : i32 to i32
  return %0 : i32
}
