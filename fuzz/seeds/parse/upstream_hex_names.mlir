// Today's syntax: quoted names with every escape MLIR knows, suffix identifiers with
// `-`, `$` and `.`, result groups, block labels, and hex dense literals of every width.
func.func @"f\09\0A\22\\\7F"(%a-b.$: i32) -> (i32, i32) {
  return %a-b.$, %a-b.$ : i32, i32
}
func.func @main() -> vector<2x2xf64> {
  %c = arith.constant 3 : i32
  %r:2 = func.call @"f\09\0A\22\\\7F"(%c) : (i32) -> (i32, i32)
  %s = arith.addi %r#0, %r#1 : i32
  cf.br ^-x.1(%s : i32)
^-x.1(%t: i32):
  %a = arith.constant dense<"0x0000000000000840000000000000F03F000000000000F0BF0000000000000000"> : vector<2x2xf64>
  %b = arith.constant dense<"0xFF"> : vector<9xi1>
  %h = arith.constant dense<"0x003C00C0"> : vector<2xbf16>
  %i = arith.constant dense<"0x0100000000000000FFFFFFFFFFFFFF7F"> : vector<1xi128>
  return %a : vector<2x2xf64>
}
