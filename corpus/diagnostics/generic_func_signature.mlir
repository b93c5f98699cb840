// The generic form of a function: its entry block's arguments must be the `type`'s.
"module"() ( {
  // expected-error@+1 {{the entry block's arguments (i64) do not match the function type (i32) -> i32}}
  "func"() ( {
  ^bb0(%arg0: i64):
    "std.return"(%arg0) : (i64) -> ()
  }) {sym_name = "f", type = (i32) -> i32} : () -> ()
  "module_terminator"() : () -> ()
}) : () -> ()
