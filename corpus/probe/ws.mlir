// run: @main() -> 3 : i32
// Whitespace oddities: none where optional, tabs, extra spaces.
func@main()->i32{%a=constant 1:i32
%b=constant 2:i32
  %c   =   addi   %a ,%b:i32
	return	%c:i32}
