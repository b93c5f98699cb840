// stdlower-options: --use-bare-ptr-memref-call-conv
// run: @main() -> 7 : i32, 20 : i32
// A memref allocated with malloc plus realignment (alignment 256) and returned under
// the bare pointer calling convention: the return gives the full descriptor (LLVM 11
// applied the convention to arguments only; `bare_ptr_result_descriptor.mlir` also
// frees such a buffer). MLIR 22 returns the allocated pointer instead
// (docs/findings/mlir22-bare-ptr-return-allocated.md), which the caller takes as the
// aligned one, so `--via upstream` reads the wrong memory here;
// harness/tests/upstream.rs expects that.
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
