// RUN: lower
// RUN: lower --syntax legacy --check-prefix=LEGACY
// RUN: translate --check-prefix=IR
// Which Standard ops keep their discardable attributes (`test.*`) on the LLVM ops they
// lower to, as LLVM 11's -convert-std-to-llvm does: the one-to-one ops (arithmetic,
// casts, `select`, `absf`...), `constant` (on `llvm.mlir.constant`), `return` (all three
// shapes), `br` and `cond_br` (LLVM 11's terminator lowering passes the op's attributes
// on; MLIR 22 keeps those of constants and terminators too). A comparison keeps its
// predicate alone (LLVM 11's and MLIR 22's comparison lowerings make the op anew).
// The legacy syntax writes a return's attributes after its operand, where LLVM 11's
// parser read them; `llvm.unreachable` keeps its own in both syntaxes.
module {
  func @one(%a: i32) -> i32 {
    return {test.ret1} %a : i32
  }
  func @two(%a: i32) -> (i32, f32) {
    %f = sitofp %a {test.cast} : i32 to f32
    return {test.ret2} %a, %f : i32, f32
  }
  func @none() {
    return {test.ret0}
  }
  func @main(%a: i32, %b: i32, %c: i1) -> i32 {
    %k = constant {test.const} 3 : i32
    %s = select %c, %a, %b {test.select} : i32
    %cmp = cmpi "slt", %s, %k {test.cmpi} : i32
    cond_br %cmp, ^bb1(%s : i32), ^bb2 {test.condbr}
  ^bb1(%r: i32):
    br ^bb2 {test.br}
  ^bb2:
    return %k : i32
  }
  llvm.func @trap(%c: i1) -> i32 {
    %z = llvm.mlir.constant(0 : i32) : i32
    llvm.cond_br %c, ^bb1, ^bb2
  ^bb1:
    llvm.return {test.r} %z : i32
  ^bb2:
    llvm.unreachable {test.u}
  }
}
// CHECK-LABEL: llvm.func @one(%arg0: i32) -> i32 {
// CHECK-NEXT: llvm.return {test.ret1} %arg0 : i32
// CHECK-LABEL: llvm.func @two(
// CHECK: llvm.sitofp %arg0 {test.cast} : i32 to f32
// CHECK: llvm.return {test.ret2} {{%[0-9]+}} : !llvm.struct<(i32, f32)>
// CHECK-LABEL: llvm.func @none() {
// CHECK-NEXT: llvm.return {test.ret0}
// CHECK-LABEL: llvm.func @main(
// CHECK-NEXT: llvm.mlir.constant(3 : i32) {test.const} : i32
// CHECK-NEXT: llvm.select %arg2, %arg0, %arg1 {test.select} : i1, i32
// CHECK-NEXT: llvm.icmp "slt" {{%[0-9]+}}, {{%[0-9]+}} : i32
// CHECK-NEXT: llvm.cond_br {{%[0-9]+}}, ^bb1({{%[0-9]+}} : i32), ^bb2 {test.condbr}
// CHECK: llvm.br ^bb2 {test.br}
// CHECK: llvm.return {{%[0-9]+}} : i32
// CHECK-LABEL: llvm.func @trap(
// CHECK: llvm.return {test.r} {{%[0-9]+}} : i32
// CHECK: llvm.unreachable {test.u}
// LEGACY-LABEL: llvm.func @one(%arg0: !llvm.i32) -> !llvm.i32 {
// LEGACY-NEXT: llvm.return %arg0 {test.ret1} : !llvm.i32
// LEGACY-LABEL: llvm.func @none() {
// LEGACY-NEXT: llvm.return {test.ret0}
// LEGACY: llvm.mlir.constant(3 : i32) {test.const} : !llvm.i32
// LEGACY: llvm.return {{%[0-9]+}} {test.r} : !llvm.i32
// LEGACY: llvm.unreachable {test.u}
// IR-LABEL: define i32 @main(
// IR: br i1 {{%[0-9]+}}, label %bb1, label %bb2
// IR: unreachable
