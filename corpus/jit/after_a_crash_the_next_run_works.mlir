// run: @crash() -> crash "SIGSEGV"
// run: @ok() -> 42 : i32
// run: @crash() -> crash "SIGSEGV"
// run: @ok() -> 42 : i32
// The worker that crashed is replaced: runs after a crash in the same file still work.
func @crash() -> i32 {
  %n = constant 1 : index
  %m = alloc(%n) : memref<?xi32>
  %far = constant 2199023255552 : index
  %r = load %m[%far] : memref<?xi32>
  return %r : i32
}
func @ok() -> i32 {
  %c = constant 42 : i32
  return %c : i32
}
