// run: @main() -> -13069 : i64
// Function references with `constant @f`, call_indirect, and a multi-result indirect call.
func @square(%x: i64) -> i64 {
  %r = muli %x, %x : i64
  return %r : i64
}
func @negate(%x: i64) -> i64 {
  %z = constant 0 : i64
  %r = subi %z, %x : i64
  return %r : i64
}
func @split(%x: i64) -> (i64, i64) {
  %k = constant 100 : i64
  %q = divi_signed %x, %k : i64
  %r = remi_signed %x, %k : i64
  return %q, %r : i64, i64
}
func @main() -> i64 {
  %f = constant @square : (i64) -> i64
  %g = constant @negate : (i64) -> i64
  %h = constant @split : (i64) -> (i64, i64)
  %x = constant 37 : i64
  %a = call_indirect %f(%x) : (i64) -> i64
  %b = call_indirect %g(%a) : (i64) -> i64
  %c:2 = call_indirect %h(%b) : (i64) -> (i64, i64)
  %k = constant 1000 : i64
  %t = muli %c#0, %k : i64
  %r = addi %t, %c#1 : i64
  return %r : i64
}
