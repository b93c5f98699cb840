// cmpi's predicate enum has ten cases (0 to 9), cmpf's sixteen.
func @cmpi(%a: i32) -> i1 {
  // expected-error@+1:8 {{'std.cmpi' op has invalid predicate 10: the integer form ranges from 0 to 9}}
  %0 = "std.cmpi"(%a, %a) {predicate = 10 : i64} : (i32, i32) -> i1
  return %0 : i1
}
func @cmpf(%a: f32) -> i1 {
  // expected-error@+1:8 {{'std.cmpf' op has invalid predicate -1: the integer form ranges from 0 to 15}}
  %0 = "std.cmpf"(%a, %a) {predicate = -1 : i64} : (f32, f32) -> i1
  return %0 : i1
}
