// RUN: lower
// llvm.funcs in a Standard module pass through the lowering: declarations as they are,
// definitions with their LLVM-dialect bodies, except that a terminator naming one block
// twice gets its later uses split into blocks that branch there (the spec's repeated
// successor removal, in the LLVM dialect). The module's own malloc and free, of the
// types the lowering calls, are the ones alloc and dealloc call: no second declaration.
// run: @main(5 : i32) -> 8 : i32
// run: @main(-9 : i32) -> -9 : i32
module {
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
  llvm.func @g(%a: i32, %c: i1) -> i32 {
    %k = llvm.mlir.constant(3 : i32) : i32
    %s = llvm.add %a, %k : i32
    %b = llvm.icmp "slt" %s, %a : i32
    %t = llvm.select %b, %s, %a : i1, i32
    llvm.cond_br %c, ^bb1(%t : i32), ^bb1(%a : i32)
  ^bb1(%x: i32):
    llvm.return %x : i32
  }
  func @main(%a: i32) -> i32 {
    %0 = alloc() : memref<2xi32>
    %i = constant 0 : index
    %z = constant 0 : i32
    %p = cmpi "sgt", %a, %z : i32
    %three = constant 3 : i32
    %s = addi %a, %three : i32
    %r = select %p, %s, %a : i32
    store %r, %0[%i] : memref<2xi32>
    %v = load %0[%i] : memref<2xi32>
    dealloc %0 : memref<2xi32>
    return %v : i32
  }
}
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr
// CHECK-NEXT: llvm.func @free(!llvm.ptr)
// CHECK-NEXT: llvm.func @g(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT: [[K:%[0-9]+]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: [[S:%[0-9]+]] = llvm.add %arg0, [[K]] : i32
// CHECK-NEXT: [[B:%[0-9]+]] = llvm.icmp "slt" [[S]], %arg0 : i32
// CHECK-NEXT: [[T:%[0-9]+]] = llvm.select [[B]], [[S]], %arg0 : i1, i32
// CHECK-NEXT: llvm.cond_br %arg1, ^bb1([[T]] : i32), ^bb2
// CHECK-NEXT: ^bb1([[X:%[0-9]+]]: i32):
// CHECK-NEXT: llvm.return [[X]] : i32
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb1(%arg0 : i32)
// CHECK-NEXT: }
// CHECK-LABEL: llvm.func @main
// CHECK: llvm.call @malloc
// CHECK: llvm.call @free
// CHECK-NOT: llvm.func @malloc
// CHECK-NOT: llvm.func @free
