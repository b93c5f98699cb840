// RUN: lower --syntax legacy
// Unranked memref arguments are two values: the rank and a type-erased pointer to the
// ranked descriptor.
func @foo(%arg0: memref<*xf32>) -> () {
  "use"(%arg0) : (memref<*xf32>) -> ()
  return
}
func @bar() {
  %0 = "get"() : () -> (memref<*xf32>)
  call @foo(%0): (memref<*xf32>) -> ()
  return
}
// CHECK-LABEL: llvm.func @foo(%arg0: !llvm.i64, %arg1: !llvm<"i8*">) {
// CHECK-NEXT: %0 = llvm.mlir.undef : !llvm<"{ i64, i8* }">
// CHECK-NEXT: %1 = llvm.insertvalue %arg0, %0[0] : !llvm<"{ i64, i8* }">
// CHECK-NEXT: %2 = llvm.insertvalue %arg1, %1[1] : !llvm<"{ i64, i8* }">
// CHECK-NEXT: "use"(%2) : (!llvm<"{ i64, i8* }">) -> ()
// CHECK-NEXT: llvm.return
// CHECK-LABEL: llvm.func @bar() {
// CHECK-NEXT: %0 = "get"() : () -> !llvm<"{ i64, i8* }">
// CHECK-NEXT: %1 = llvm.extractvalue %0[0] : !llvm<"{ i64, i8* }">
// CHECK-NEXT: %2 = llvm.extractvalue %0[1] : !llvm<"{ i64, i8* }">
// CHECK-NEXT: llvm.call @foo(%1, %2) : (!llvm.i64, !llvm<"i8*">) -> ()
// CHECK-NEXT: llvm.return
