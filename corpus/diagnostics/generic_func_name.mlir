// The generic form of a function must name it.
"module"() ( {
  "func"() ( {
    "std.return"() : () -> ()
  // expected-error@+1 {{a generic 'func' needs a 'sym_name'}}
  }) {type = () -> ()} : () -> ()
}) : () -> ()
