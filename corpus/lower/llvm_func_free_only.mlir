// RUN: lower --syntax legacy
// A module that declares free itself (but not malloc): dealloc calls the module's free,
// alloc gets malloc declared after the functions, and the legacy printer prints the
// module's llvm.func with the spec's types.
module {
  llvm.func @free(!llvm.ptr)
  llvm.func @id(%a: i64) -> i64 {
    llvm.return %a : i64
  }
  func @f() {
    %0 = alloc() : memref<4xf32>
    dealloc %0 : memref<4xf32>
    return
  }
}
// CHECK: llvm.func @free(!llvm<"i8*">)
// CHECK-NEXT: llvm.func @id(%arg0: !llvm.i64) -> !llvm.i64 {
// CHECK-NEXT: llvm.return %arg0 : !llvm.i64
// CHECK: llvm.func @f()
// CHECK: llvm.call @free
// CHECK: llvm.func @malloc(!llvm.i64) -> !llvm<"i8*">
// CHECK-NOT: llvm.func @free
