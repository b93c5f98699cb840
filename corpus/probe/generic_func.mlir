// run: @main() -> 5 : i32
// A generic-form module and function without arguments.
"module"() ( {
  "func"() ( {
    %a = "std.constant"() {value = 5 : i32} : () -> i32
    "std.return"(%a) : (i32) -> ()
  }) {sym_name = "main", type = () -> i32} : () -> ()
  "module_terminator"() : () -> ()
}) : () -> ()
