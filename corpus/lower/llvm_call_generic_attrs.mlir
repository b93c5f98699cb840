// RUN: lower
// RUN: lower --syntax legacy --check-prefix=LEGACY
// An llvm.func passed through keeps every attribute of its calls. A direct call in
// generic form may come without `callee_type` (the callee's declaration gives the
// type); its other attributes must still be printed, in either syntax.
llvm.func @g(%a: i32) -> i32 {
  llvm.return %a : i32
}
llvm.func @f(%a: i32) -> i32 {
  %r = "llvm.call"(%a) {callee = @g, stdlower.mark} : (i32) -> i32
  %t = llvm.call @g(%r) {note = "custom"} : (i32) -> i32
  llvm.return %t : i32
}
// CHECK-LABEL: llvm.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT: %0 = llvm.call @g(%arg0) {stdlower.mark} : (i32) -> i32
// CHECK-NEXT: %1 = llvm.call @g(%0) {note = "custom"} : (i32) -> i32
// CHECK-NEXT: llvm.return %1 : i32
// LEGACY-LABEL: llvm.func @f(%arg0: !llvm.i32) -> !llvm.i32 {
// LEGACY-NEXT: %0 = llvm.call @g(%arg0) {stdlower.mark} : (!llvm.i32) -> !llvm.i32
