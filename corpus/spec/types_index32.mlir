// RUN: lower --syntax legacy --index-bitwidth 32
// Index converts to an integer of the data layout's pointer size; here 32 bits.
func @idx(%a: index) -> index {
  %c = constant 7 : index
  %s = addi %a, %c : index
  return %s : index
}
// CHECK-LABEL: llvm.func @idx(%arg0: !llvm.i32) -> !llvm.i32
// CHECK-NEXT: [[C:%[0-9]+]] = llvm.mlir.constant(7 : i32) : !llvm.i32
// CHECK-NEXT: [[S:%[0-9]+]] = llvm.add %arg0, [[C]] : !llvm.i32
// CHECK-NEXT: llvm.return [[S]] : !llvm.i32
