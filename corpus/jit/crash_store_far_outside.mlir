// run: @main() -> crash "SIGSEGV"
// A store far outside its buffer: the interpreter reports the out-of-bounds access as
// undefined behaviour; the lowered code really writes 4 TiB past the allocation and dies
// with SIGSEGV inside the isolated worker, while the test process carries on.
func @main() -> i32 {
  %n = constant 4 : index
  %m = alloc(%n) : memref<?xi32>
  %far = constant 1099511627776 : index
  %v = constant 7 : i32
  store %v, %m[%far] : memref<?xi32>
  %r = load %m[%far] : memref<?xi32>
  return %r : i32
}
