// RUN: lower
// RUN: lower --syntax legacy --check-prefix=LEGACY
// RUN: translate --check-prefix=IR
// An op's own attributes (a dialect's, `test.x`) are printed in the op's custom form,
// in the dictionary where MLIR 22's syntax puts it: after the operands (and the
// overflow flags), the constant's value, the symbol, the position or mask, the
// brackets of an element or a getelementptr's indices, the successors, and before a
// returned value (the legacy syntax after it, where LLVM 11's parser read them). The
// one-to-one Standard ops' lowering keeps them on the LLVM op it makes (not a
// comparison's: see corpus/lower/std_attrs_kept.mlir); an llvm.func's ops keep theirs. A printer that dropped them printed another module
// than the one in memory (found by lower-paths reading the text back).
module {
  llvm.func @sqrt_of(%x: f32) -> f32 {
    %0 = llvm.intr.sqrt(%x) {test.q} : (f32) -> f32
    llvm.return {test.r} %0 : f32
  }
  llvm.func @h(%p: !llvm.ptr, %v: vector<4xf32>, %c: i1) -> i32 {
    %one = llvm.mlir.constant(1 : i64) {test.k} : i64
    %z = llvm.mlir.zero {test.z} : !llvm.ptr
    %u = llvm.mlir.undef {test.u} : !llvm.struct<(i32, f32)>
    %q = llvm.getelementptr inbounds %p[%one] {test.g} : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %l = llvm.load %q {alignment = 1 : i64, test.l} : !llvm.ptr -> i8
    llvm.store %l, %q {test.s} : i8, !llvm.ptr
    %a = llvm.alloca %one x i8 {alignment = 8 : i64, test.a} : (i64) -> !llvm.ptr
    %w = llvm.zext %l {test.c} : i8 to i32
    %s = llvm.add %w, %w overflow<nsw> {test.o} : i32
    %i = llvm.insertvalue %s, %u[0] {test.i} : !llvm.struct<(i32, f32)>
    %e = llvm.extractvalue %i[0] {test.e} : !llvm.struct<(i32, f32)>
    %k = llvm.mlir.constant(2 : i32) : i32
    %x = llvm.extractelement %v[%k : i32] {test.x} : vector<4xf32>
    %y = llvm.insertelement %x, %v[%k : i32] {test.y} : vector<4xf32>
    %sh = llvm.shufflevector %y, %v [0, 5] {test.h} : vector<4xf32>
    %b = llvm.icmp "eq" %e, %s {test.b} : i32
    %fc = llvm.fcmp "olt" %x, %x {test.fc} : f32
    %sel = llvm.select %b, %e, %s {test.t} : i1, i32
    llvm.cond_br %c, ^bb1(%sel : i32), ^bb2 {test.br}
  ^bb1(%r: i32):
    llvm.return %r : i32
  ^bb2:
    llvm.br ^bb1(%s : i32) {test.j}
  }
  func @main(%a: i32, %b: i32) -> i1 {
    %s = addi %a, %b {test.add} : i32
    %f = sitofp %s {test.f} : i32 to f32
    %n = negf %f {test.n} : f32
    %c = cmpf "olt", %n, %f {test.cmp} : f32
    return %c : i1
  }
}
// CHECK-LABEL: llvm.func @sqrt_of(%arg0: f32) -> f32 {
// CHECK-NEXT: [[R:%[0-9]+]] = llvm.intr.sqrt(%arg0) {test.q} : (f32) -> f32
// CHECK-NEXT: llvm.return {test.r} [[R]] : f32
// CHECK-LABEL: llvm.func @h(
// CHECK: llvm.mlir.constant(1 : i64) {test.k} : i64
// CHECK-NEXT: llvm.mlir.zero {test.z} : !llvm.ptr
// CHECK-NEXT: llvm.mlir.undef {test.u} : !llvm.struct<(i32, f32)>
// CHECK-NEXT: llvm.getelementptr inbounds %arg0[{{%[0-9]+}}] {test.g} : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NEXT: llvm.load {{%[0-9]+}} {alignment = 1 : i64, test.l} : !llvm.ptr -> i8
// CHECK-NEXT: llvm.store {{%[0-9]+}}, {{%[0-9]+}} {test.s} : i8, !llvm.ptr
// CHECK-NEXT: llvm.alloca {{%[0-9]+}} x i8 {alignment = 8 : i64, test.a} : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.zext {{%[0-9]+}} {test.c} : i8 to i32
// CHECK-NEXT: llvm.add {{%[0-9]+}}, {{%[0-9]+}} overflow<nsw> {test.o} : i32
// CHECK-NEXT: llvm.insertvalue {{%[0-9]+}}, {{%[0-9]+}}[0] {test.i} : !llvm.struct<(i32, f32)>
// CHECK-NEXT: llvm.extractvalue {{%[0-9]+}}[0] {test.e} : !llvm.struct<(i32, f32)>
// CHECK-NEXT: llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: llvm.extractelement %arg1[{{%[0-9]+}} : i32] {test.x} : vector<4xf32>
// CHECK-NEXT: llvm.insertelement {{%[0-9]+}}, %arg1[{{%[0-9]+}} : i32] {test.y} : vector<4xf32>
// CHECK-NEXT: llvm.shufflevector {{%[0-9]+}}, %arg1 [0, 5] {test.h} : vector<4xf32>
// CHECK-NEXT: llvm.icmp "eq" {{%[0-9]+}}, {{%[0-9]+}} {test.b} : i32
// CHECK-NEXT: llvm.fcmp "olt" {{%[0-9]+}}, {{%[0-9]+}} {test.fc} : f32
// CHECK-NEXT: llvm.select {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} {test.t} : i1, i32
// CHECK-NEXT: llvm.cond_br %arg2, ^bb1({{%[0-9]+}} : i32), ^bb2 {test.br}
// CHECK: llvm.br ^bb1({{%[0-9]+}} : i32) {test.j}
// CHECK-LABEL: llvm.func @main(%arg0: i32, %arg1: i32) -> i1 {
// CHECK-NEXT: llvm.add %arg0, %arg1 {test.add} : i32
// CHECK-NEXT: llvm.sitofp {{%[0-9]+}} {test.f} : i32 to f32
// CHECK-NEXT: llvm.fneg {{%[0-9]+}} {test.n} : f32
// A comparison's lowering keeps its predicate alone (LLVM 11's and MLIR 22's do).
// CHECK-NEXT: llvm.fcmp "olt" {{%[0-9]+}}, {{%[0-9]+}} : f32
// LEGACY-LABEL: llvm.func @h(
// LEGACY: llvm.mlir.null {test.z} : !llvm<"i8*">
// LEGACY: llvm.getelementptr %arg0[{{%[0-9]+}}] {test.g} : (!llvm<"i8*">, !llvm.i64) -> !llvm<"i8*">
// LEGACY-NEXT: llvm.load {{%[0-9]+}} {alignment = 1 : i64, test.l} : !llvm<"i8*">
// LEGACY-NEXT: llvm.store {{%[0-9]+}}, {{%[0-9]+}} {test.s} : !llvm<"i8*">
// LEGACY: llvm.shufflevector {{%[0-9]+}}, %arg1 [0, 5] {test.h} : !llvm<"<4 x float>">, !llvm<"<4 x float>">
// LEGACY-LABEL: llvm.func @main(
// LEGACY-NEXT: llvm.add %arg0, %arg1 {test.add} : !llvm.i32
// IR-LABEL: define zeroext i1 @main(
// IR: fcmp olt float
