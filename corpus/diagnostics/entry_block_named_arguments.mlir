func @main(%a: i32) -> i32 {
// expected-error@+1:1 {{invalid block name in region with named arguments}}
^bb0(%x: i32):
  return %x : i32
}
