// Where the Standard program is undefined and its lowering computes poison rather than
// trapping, the LLVM level reports where the poison becomes undefined behaviour: a
// result of the entry, or a branch on it.
//
// run: @shl(1 : i32, 40 : i32) -> ub "oversized shift: shift_left by 40"
// run --level llvm: @shl(1 : i32, 40 : i32) -> ub "17:3: undefined behaviour: poison result: llvm.return (from 'std.return')"
// run --level llvm: @shl(1 : i32, 31 : i32) -> -2147483648 : i32
// run: @uninit() -> ub "uninitialized read"
// run --level llvm: @uninit() -> ub "24:3: undefined behaviour: poison result: llvm.return (from 'std.return')"
// run: @fptosi(1000.0 : f32) -> ub "fptosi of f32 1000.0 does not fit in i8"
// run --level llvm: @fptosi(1000.0 : f32) -> ub "poison result: llvm.return (from 'std.return')"
// run --level llvm: @fptosi(-128.5 : f32) -> -128 : i8
// run: @uninit_branch() -> ub "uninitialized read"
// run --level llvm: @uninit_branch() -> ub "34:3: undefined behaviour: branch on poison: llvm.cond_br (from 'std.cond_br')"
func @shl(%a: i32, %b: i32) -> i32 {
  %q = shift_left %a, %b : i32
  return %q : i32
}
func @uninit() -> i16 {
  %m = alloc() : memref<2xi16>
  %z = constant 0 : index
  %r = load %m[%z] : memref<2xi16>
  dealloc %m : memref<2xi16>
  return %r : i16
}
func @fptosi(%a: f32) -> i8 {
  %r = fptosi %a : f32 to i8
  return %r : i8
}
func @uninit_branch() -> i32 {
  %m = alloca() : memref<1xi1>
  %z = constant 0 : index
  %c = load %m[%z] : memref<1xi1>
  cond_br %c, ^a, ^b
^a:
  %one = constant 1 : i32
  return %one : i32
^b:
  %two = constant 2 : i32
  return %two : i32
}
