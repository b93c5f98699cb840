// Undefined behaviour at both levels. A plain `run:` line holds the Standard
// interpreter to its expectation (the JIT is not run on undefined behaviour, and the
// lowered program may do anything); a `run --level llvm:` line holds the LLVM-dialect
// interpreter, running our lowering with LangRef's semantics, to its own report: the
// LLVM op and the Standard op it came from, at the Standard op's location.
//
// run: @div(7 : i32, 0 : i32) -> ub "division by zero: divi_signed"
// run --level llvm: @div(7 : i32, 0 : i32) -> ub "24:8: undefined behaviour: division by zero: llvm.sdiv (from 'std.divi_signed'): division of 7 by zero"
// run --level llvm: @div(-2147483648 : i32, -1 : i32) -> ub "signed division overflow: llvm.sdiv"
// run --level llvm: @div(-7 : i32, 2 : i32) -> -3 : i32
// run --level llvm: @udiv(5 : i64, 0 : i64) -> ub "28:8: undefined behaviour: division by zero: llvm.urem"
// run: @past_end(4 : index) -> ub "index 4 of dimension 0 with size 4"
// run --level llvm: @past_end(4 : index) -> ub "33:8: undefined behaviour: out of bounds: llvm.load (from 'std.load'): out-of-bounds load of 4 bytes at offset 16 of a 16-byte heap allocation (allocated at 32:8)"
// run --level llvm: @past_end(-1 : index) -> ub "llvm.load (from 'std.load'): out-of-bounds load of 4 bytes at offset -4"
// The Standard program is undefined (index 3 of a dimension of size 2), but its
// lowering stays inside the allocation: the LLVM level computes what the JIT would.
// run: @inside(9 : i32) -> ub "out-of-bounds store: index 3 of dimension 1 with size 2"
// run --level llvm: @inside(9 : i32) -> 9 : i32
// run --level llvm: @after_free() -> ub "53:8: undefined behaviour: use after free: llvm.load (from 'std.load'): load of memory freed by free at 52:3 (allocated at 48:8)"
// run --level llvm: @twice() -> ub "59:3: undefined behaviour: double free: llvm.call @free (from 'std.dealloc'): free of memory already freed at 58:3"
// run: @stack_escape() -> ub "use after return"
// run --level llvm: @stack_escape() -> ub "use after return: llvm.return (from 'std.return'): load of alloca memory (allocated at 63:8) after its function returned"
func @div(%a: i32, %b: i32) -> i32 {
  %q = divi_signed %a, %b : i32
  return %q : i32
}
func @udiv(%a: i64, %b: i64) -> i64 {
  %q = remi_unsigned %a, %b : i64
  return %q : i64
}
func @past_end(%i: index) -> f32 {
  %m = alloc() : memref<4xf32>
  %v = load %m[%i] : memref<4xf32>
  dealloc %m : memref<4xf32>
  return %v : f32
}
func @inside(%v: i32) -> i32 {
  %m = alloc() : memref<2x2xi32>
  %z = constant 0 : index
  %three = constant 3 : index
  %one = constant 1 : index
  store %v, %m[%z, %three] : memref<2x2xi32>
  %r = load %m[%one, %one] : memref<2x2xi32>
  dealloc %m : memref<2x2xi32>
  return %r : i32
}
func @after_free() -> i64 {
  %m = alloc() : memref<3xi64>
  %z = constant 0 : index
  %c = constant 7 : i64
  store %c, %m[%z] : memref<3xi64>
  dealloc %m : memref<3xi64>
  %r = load %m[%z] : memref<3xi64>
  return %r : i64
}
func @twice() {
  %m = alloc() : memref<3xi8>
  dealloc %m : memref<3xi8>
  dealloc %m : memref<3xi8>
  return
}
func @stack_escape() -> memref<2xf64> {
  %m = alloca() : memref<2xf64>
  return %m : memref<2xf64>
}
