// run: @main() -> -899 : i64
// llvm.emit_c_interface with index, i1 and i16 arguments.
func @f(%a: index, %b: i1, %c: i16) -> i64 attributes {llvm.emit_c_interface} {
  %x = index_cast %a : index to i64
  %y = zexti %b : i1 to i64
  %z = sexti %c : i16 to i64
  %s = addi %x, %y : i64
  %t = addi %s, %z : i64
  return %t : i64
}
func @main() -> i64 attributes {llvm.emit_c_interface} {
  %a = constant 100 : index
  %b = constant true
  %c = constant -1000 : i16
  %r = call @f(%a, %b, %c) : (index, i1, i16) -> i64
  return %r : i64
}
