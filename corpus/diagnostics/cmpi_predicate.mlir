func @main(%a: i32) -> i1 {
  // expected-error@+1:13 {{invalid cmpi predicate "lt"}}
  %0 = cmpi "lt", %a, %a : i32
  return %0 : i1
}
