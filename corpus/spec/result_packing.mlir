// RUN: lower --syntax legacy
// Multi-result functions pack their results into a struct at `return`; the call site
// extracts them.
func @foo(%arg0: i32, %arg1: i64) -> (i32, i64) {
  return %arg0, %arg1 : i32, i64
}
func @bar() {
  %0 = constant 42 : i32
  %1 = constant 17 : i64
  %2:2 = call @foo(%0, %1) : (i32, i64) -> (i32, i64)
  "use_i32"(%2#0) : (i32) -> ()
  "use_i64"(%2#1) : (i64) -> ()
  return
}
// CHECK-LABEL: llvm.func @foo(%arg0: !llvm.i32, %arg1: !llvm.i64) -> !llvm<"{ i32, i64 }">
// CHECK-NEXT: %0 = llvm.mlir.undef : !llvm<"{ i32, i64 }">
// CHECK-NEXT: %1 = llvm.insertvalue %arg0, %0[0] : !llvm<"{ i32, i64 }">
// CHECK-NEXT: %2 = llvm.insertvalue %arg1, %1[1] : !llvm<"{ i32, i64 }">
// CHECK-NEXT: llvm.return %2 : !llvm<"{ i32, i64 }">
// CHECK-LABEL: llvm.func @bar()
// CHECK-NEXT: %0 = llvm.mlir.constant(42 : i32) : !llvm.i32
// CHECK-NEXT: %1 = llvm.mlir.constant(17 : i64) : !llvm.i64
// CHECK-NEXT: %2 = llvm.call @foo(%0, %1) : (!llvm.i32, !llvm.i64) -> !llvm<"{ i32, i64 }">
// CHECK-NEXT: %3 = llvm.extractvalue %2[0] : !llvm<"{ i32, i64 }">
// CHECK-NEXT: %4 = llvm.extractvalue %2[1] : !llvm<"{ i32, i64 }">
// CHECK-NEXT: "use_i32"(%3) : (!llvm.i32) -> ()
// CHECK-NEXT: "use_i64"(%4) : (!llvm.i64) -> ()
// CHECK-NEXT: llvm.return
