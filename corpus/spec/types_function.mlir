// RUN: lower --syntax legacy
// Function types: no result -> void, one result -> that type, several -> a struct;
// function-typed arguments and results become pointers to functions.
func @foo() -> ()
func @bar(i32) -> (i64)
func @qux(i32, f32) -> (i64, f64)
func @quux(() -> ()) -> (() -> ())
func @refs() {
  %0 = constant @bar : (i32) -> i64
  %1 = constant @qux : (i32, f32) -> (i64, f64)
  return
}
// CHECK: llvm.func @foo()
// CHECK-NEXT: llvm.func @bar(!llvm.i32) -> !llvm.i64
// CHECK-NEXT: llvm.func @qux(!llvm.i32, !llvm.float) -> !llvm<"{ i64, double }">
// CHECK-NEXT: llvm.func @quux(!llvm<"void ()*">) -> !llvm<"void ()*">
// CHECK-LABEL: llvm.func @refs()
// CHECK-NEXT: llvm.mlir.addressof @bar : !llvm<"i64 (i32)*">
// CHECK-NEXT: llvm.mlir.addressof @qux : !llvm<"{ i64, double } (i32, float)*">
