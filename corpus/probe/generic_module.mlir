// run: @main() -> 42 : i32
// The whole module in generic form as LLVM 11's --mlir-print-op-generic prints it:
// "module", "func" with the arguments on the entry block, a declaration with an
// empty region, "module_terminator".
"module"() ( {
  "func"() ( {
  ^bb0(%arg0: i32, %arg1: i32):  // no predecessors
    %0 = "std.muli"(%arg0, %arg1) : (i32, i32) -> i32
    "std.return"(%0) : (i32) -> ()
  }) {sym_name = "mul", type = (i32, i32) -> i32} : () -> ()
  "func"() ( {
  }) {sym_name = "ext", sym_visibility = "private", type = (i32) -> i32} : () -> ()
  "func"() ( {
    %c6 = "std.constant"() {value = 6 : i32} : () -> i32
    %c7 = "std.constant"() {value = 7 : i32} : () -> i32
    %0 = "std.call"(%c6, %c7) {callee = @mul} : (i32, i32) -> i32
    "std.br"(%0)[^bb1] : (i32) -> ()
  ^bb1(%1: i32):  // pred: ^bb0
    "std.return"(%1) : (i32) -> ()
  }) {sym_name = "main", type = () -> i32} : () -> ()
  "module_terminator"() : () -> ()
}) : () -> ()
