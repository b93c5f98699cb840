// run: @main() -> 655373131 : i64
// Quoted symbol names and hex dense literals, as LLVM 11 and MLIR write them:
// functions named `@"add one!"` and `@"9\22q\\ é"` (a quote, a backslash and a
// non-ASCII character escaped), called directly, through `constant @...` and
// call_indirect; constants `dense<"0x...">`: little-endian elements in row-major
// order, i1 packed eight to a byte, an i17 in three bytes, a one-element buffer a
// splat, in the custom and the generic form. The result packs
// x * 10000 + m * 1000 + b * 100 + (e + 5) * 10 + h = 655373131 for
// x = 65535 + 2, m = 3, b = 1, e = -2, h = 1.
func @"add one!"(%a: i64) -> i64 {
  %c = constant 1 : i64
  %r = addi %a, %c : i64
  return %r : i64
}
func @"9\22q\\ é"(%a: i64) -> i64 {
  %r = call @"add one!"(%a) : (i64) -> i64
  %s = call @"add one!"(%r) : (i64) -> i64
  return %s : i64
}
func @main() -> i64 {
  %i0 = constant 0 : index
  %i1 = constant 1 : index
  %i2 = constant 2 : index
  %v = constant dense<"0x0000803F000000C0"> : vector<2xf32>
  %e = extract_element %v[%i1] : vector<2xf32>
  %ei = fptosi %e : f32 to i64
  %b = constant dense<"0x05"> : vector<4xi1>
  %bb = extract_element %b[%i2] : vector<4xi1>
  %bz = zexti %bb : i1 to i64
  %w = constant dense<"0xFFFF01FFFF00"> : vector<2xi17>
  %ww = extract_element %w[%i1] : vector<2xi17>
  %wz = sexti %ww : i17 to i64
  %m = "std.constant"() {value = dense<"0x01020304"> : vector<2x2xi8>} : () -> vector<2x2xi8>
  %mm = extract_element %m[%i1, %i0] : vector<2x2xi8>
  %mz = sexti %mm : i8 to i64
  %h = constant dense<"0x003C"> : vector<3xf16>
  %he = extract_element %h[%i2] : vector<3xf16>
  %hz = fptosi %he : f16 to i64
  %f = constant @"9\22q\\ é" : (i64) -> i64
  %x = call_indirect %f(%wz) : (i64) -> i64
  %c10 = constant 10 : i64
  %c5 = constant 5 : i64
  %t0 = muli %x, %c10 : i64
  %t1 = addi %t0, %mz : i64
  %t2 = muli %t1, %c10 : i64
  %t3 = addi %t2, %bz : i64
  %t4 = muli %t3, %c10 : i64
  %e5 = addi %ei, %c5 : i64
  %t5 = addi %t4, %e5 : i64
  %t6 = muli %t5, %c10 : i64
  %t7 = addi %t6, %hz : i64
  return %t7 : i64
}
