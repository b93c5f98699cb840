// stdlower-options: --use-bare-ptr-memref-call-conv
// run: @main() -> 7 : i32, 20 : i32
// A memref allocated with malloc plus realignment (alignment 256) and returned under
// the bare pointer calling convention: the return gives the aligned pointer, and the
// caller's descriptor has it as both pointers. MLIR 22 returns the allocated pointer
// instead (docs/findings/mlir22-bare-ptr-return-allocated.md), so `--via upstream`
// reads the wrong memory here; harness/tests/upstream.rs expects that. The buffer is
// not freed: after the call only its aligned pointer is known.
func @make() -> memref<4xi32> {
  %m = alloc() {alignment = 256} : memref<4xi32>
  %c0 = constant 0 : index
  %c3 = constant 3 : index
  %a = constant 7 : i32
  %b = constant 20 : i32
  store %a, %m[%c0] : memref<4xi32>
  store %b, %m[%c3] : memref<4xi32>
  return %m : memref<4xi32>
}
func @main() -> (i32, i32) {
  %r = call @make() : () -> memref<4xi32>
  %c0 = constant 0 : index
  %c3 = constant 3 : index
  %x = load %r[%c0] : memref<4xi32>
  %y = load %r[%c3] : memref<4xi32>
  return %x, %y : i32, i32
}
