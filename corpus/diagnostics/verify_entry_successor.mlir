// MLIR reports a branch to the entry block at the function (a note points at the br).
// expected-error@+1:1 {{entry block of region may not have predecessors: successor #0 of 'std.br' is the entry block ^bb0}}
func @f() {
^entry:
  br ^entry
}
