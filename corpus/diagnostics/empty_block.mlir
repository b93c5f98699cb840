// An empty block has no op to point at: MLIR reports it at the function holding it
// (a note points at the block).
// expected-error@+1:1 {{empty block: expect at least a terminator (block ^bb1 has no ops)}}
func @main() {
  br ^bb1
^bb1:
^bb2:
  return
}
