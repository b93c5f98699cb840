// RUN: lower --syntax legacy
// A terminator that names the same block twice gets a dummy block for the second use,
// which branches to the original block with the original operands.
func @f(%0: i1, %1: i32, %2: i32) {
  cond_br %0, ^bb1(%1 : i32), ^bb1(%2 : i32)
^bb1(%3 : i32):
  "use"(%3) : (i32) -> ()
  return
}
// CHECK-LABEL: llvm.func @f(%arg0: !llvm.i1, %arg1: !llvm.i32, %arg2: !llvm.i32) {
// CHECK-NEXT: llvm.cond_br %arg0, ^bb1(%arg1 : !llvm.i32), ^bb2
// CHECK-NEXT: ^bb1([[X:%[0-9]+]]: !llvm.i32):
// CHECK-NEXT: "use"([[X]]) : (!llvm.i32) -> ()
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb1(%arg2 : !llvm.i32)
