// RUN: lower
// RUN: lower --syntax legacy --check-prefix=LEGACY
// llvm.funcs written in the LLVM 11 notation of the spec pass through the lowering like
// any other: scalar types `!llvm.i32`, LLVM IR types in quotes with typed pointers, the
// null pointer `llvm.mlir.null`, a load and a store typed by their pointer alone, a
// getelementptr that indexes the base's pointee, an indirect call without the pointer's
// type, a shufflevector with both operands' types, `llvm.noalias = true`, and the
// spellings of variadic function types and of the empty struct. Printed in
// today's syntax, each pointer is opaque and each memory op names the type the pointer
// said (what mlir-translate 22 accepts); printed back in the legacy syntax, the text is
// what was read.
module {
  llvm.func @malloc(!llvm.i64) -> !llvm<"i8*">
  llvm.func @free(!llvm<"i8*">)
  llvm.func @odd(!llvm<"i32 (i8*, ...)*">, !llvm<"void (...)*">, !llvm<"{}">)
  llvm.func @twice(%x: !llvm.i32) -> !llvm.i32 {
    %0 = llvm.add %x, %x : !llvm.i32
    llvm.return %0 : !llvm.i32
  }
  llvm.func @sum(%p: !llvm<"i32*"> {llvm.noalias = true}, %n: !llvm.i64) -> !llvm.i32 {
    %z = llvm.mlir.constant(0 : i32) : !llvm.i32
    %i0 = llvm.mlir.constant(0 : i64) : !llvm.i64
    %one = llvm.mlir.constant(1 : i64) : !llvm.i64
    llvm.br ^head(%i0, %z : !llvm.i64, !llvm.i32)
  ^head(%i: !llvm.i64, %acc: !llvm.i32):
    %c = llvm.icmp "slt" %i, %n : !llvm.i64
    llvm.cond_br %c, ^body, ^done
  ^body:
    %q = llvm.getelementptr %p[%i] : (!llvm<"i32*">, !llvm.i64) -> !llvm<"i32*">
    %v = llvm.load %q : !llvm<"i32*">
    %a = llvm.add %acc, %v : !llvm.i32
    %j = llvm.add %i, %one : !llvm.i64
    llvm.br ^head(%j, %a : !llvm.i64, !llvm.i32)
  ^done:
    llvm.return %acc : !llvm.i32
  }
  llvm.func @lmain(%k: !llvm.i32) -> !llvm.i32 {
    %n = llvm.mlir.constant(4 : i64) : !llvm.i64
    %null = llvm.mlir.null : !llvm<"i32*">
    %end = llvm.getelementptr %null[%n] : (!llvm<"i32*">, !llvm.i64) -> !llvm<"i32*">
    %bytes = llvm.ptrtoint %end : !llvm<"i32*"> to !llvm.i64
    %raw = llvm.call @malloc(%bytes) : (!llvm.i64) -> !llvm<"i8*">
    %p = llvm.bitcast %raw : !llvm<"i8*"> to !llvm<"i32*">
    %f = llvm.mlir.addressof @twice : !llvm<"i32 (i32)*">
    %d = llvm.call %f(%k) : (!llvm.i32) -> !llvm.i32
    %i1 = llvm.mlir.constant(1 : i64) : !llvm.i64
    %p1 = llvm.getelementptr %p[%i1] : (!llvm<"i32*">, !llvm.i64) -> !llvm<"i32*">
    llvm.store %d, %p1 {alignment = 4 : i64} : !llvm<"i32*">
    %s = llvm.call @sum(%p, %n) : (!llvm<"i32*">, !llvm.i64) -> !llvm.i32
    llvm.call @free(%raw) : (!llvm<"i8*">) -> ()
    llvm.return %s : !llvm.i32
  }
  llvm.func @desc(%d: !llvm<"{ float addrspace(3)*, float addrspace(3)*, i64, [2 x i64], [2 x i64] }*">) -> !llvm.i64 {
    %0 = llvm.mlir.constant(0 : i32) : !llvm.i32
    %1 = llvm.mlir.constant(4 : i32) : !llvm.i32
    %s = llvm.getelementptr %d[%0, 4, 1] : (!llvm<"{ float addrspace(3)*, float addrspace(3)*, i64, [2 x i64], [2 x i64] }*">, !llvm.i32) -> !llvm<"i64*">
    %v = llvm.load %s : !llvm<"i64*">
    llvm.return %v : !llvm.i64
  }
  llvm.func @shuffle(%a: !llvm<"<4 x half>">, %b: !llvm<"<4 x half>">) -> !llvm<"<2 x half>"> {
    %0 = llvm.shufflevector %a, %b [0, 5] : !llvm<"<4 x half>">, !llvm<"<4 x half>">
    llvm.return %0 : !llvm<"<2 x half>">
  }
}
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-NEXT: llvm.func @free(!llvm.ptr)
// CHECK-NEXT: llvm.func @odd(!llvm.ptr, !llvm.ptr, !llvm.struct<()>)
// CHECK: llvm.func @sum(%arg0: !llvm.ptr {llvm.noalias}, %arg1: i64) -> i32 {
// CHECK: llvm.getelementptr %arg0[{{%[0-9]+}}] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK-NEXT: llvm.load {{%[0-9]+}} : !llvm.ptr -> i32
// CHECK-LABEL: llvm.func @lmain(%arg0: i32) -> i32 {
// CHECK: [[NULL:%[0-9]+]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: llvm.getelementptr [[NULL]][{{%[0-9]+}}] : (!llvm.ptr, i64) -> !llvm.ptr, i32
// CHECK: [[F:%[0-9]+]] = llvm.mlir.addressof @twice : !llvm.ptr
// CHECK-NEXT: [[D:%[0-9]+]] = llvm.call [[F]](%arg0) : !llvm.ptr, (i32) -> i32
// CHECK: llvm.store [[D]], {{%[0-9]+}} {alignment = 4 : i64} : i32, !llvm.ptr
// CHECK-LABEL: llvm.func @desc(%arg0: !llvm.ptr) -> i64 {
// CHECK: llvm.getelementptr %arg0[{{%[0-9]+}}, 4, 1] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK-NEXT: llvm.load {{%[0-9]+}} : !llvm.ptr -> i64
// CHECK-LABEL: llvm.func @shuffle(%arg0: vector<4xf16>, %arg1: vector<4xf16>) -> vector<2xf16> {
// CHECK-NEXT: llvm.shufflevector %arg0, %arg1 [0, 5] : vector<4xf16>
// LEGACY: llvm.func @malloc(!llvm.i64) -> !llvm<"i8*">
// LEGACY: llvm.func @odd(!llvm<"i32 (i8*, ...)*">, !llvm<"void (...)*">, !llvm<"{}">)
// LEGACY: llvm.func @sum(%arg0: !llvm<"i32*"> {llvm.noalias = true}, %arg1: !llvm.i64) -> !llvm.i32 {
// LEGACY: llvm.getelementptr %arg0[{{%[0-9]+}}] : (!llvm<"i32*">, !llvm.i64) -> !llvm<"i32*">
// LEGACY-NEXT: llvm.load {{%[0-9]+}} : !llvm<"i32*">
// LEGACY-LABEL: llvm.func @lmain(%arg0: !llvm.i32) -> !llvm.i32 {
// LEGACY: llvm.mlir.null : !llvm<"i32*">
// LEGACY: llvm.mlir.addressof @twice : !llvm<"i32 (i32)*">
// LEGACY-NEXT: llvm.call {{%[0-9]+}}(%arg0) : (!llvm.i32) -> !llvm.i32
// LEGACY: llvm.store {{%[0-9]+}}, {{%[0-9]+}} {alignment = 4 : i64} : !llvm<"i32*">
// LEGACY-LABEL: llvm.func @desc(%arg0: !llvm<"{ float addrspace(3)*, float addrspace(3)*, i64, [2 x i64], [2 x i64] }*">) -> !llvm.i64 {
// LEGACY: llvm.getelementptr %arg0[{{%[0-9]+}}, 4, 1] : (!llvm<"{ float addrspace(3)*, float addrspace(3)*, i64, [2 x i64], [2 x i64] }*">, !llvm.i32) -> !llvm<"i64*">
// LEGACY-NEXT: llvm.load {{%[0-9]+}} : !llvm<"i64*">
// LEGACY: llvm.shufflevector %arg0, %arg1 [0, 5] : !llvm<"<4 x half>">, !llvm<"<4 x half>">
