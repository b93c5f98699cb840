// run: @main() -> 20 : i32
// Generic-form br and cond_br, successor operands split by operand_segment_sizes.
func @main() -> i32 {
  %a = "std.constant"() {value = 10 : i32} : () -> i32
  %t = "std.constant"() {value = true} : () -> i1
  "std.br"(%a)[^bb1] : (i32) -> ()
^bb1(%x: i32):
  "std.cond_br"(%t, %x, %a)[^bb2, ^bb3] {operand_segment_sizes = dense<[1, 1, 1]> : vector<3xi32>} : (i1, i32, i32) -> ()
^bb2(%y: i32):
  %z = "std.addi"(%y, %y) : (i32, i32) -> i32
  "std.return"(%z) : (i32) -> ()
^bb3(%w: i32):
  "std.return"(%w) : (i32) -> ()
}
