// RUN: lower --syntax legacy
// n-D vectors are arrays of 1-D vectors; element-wise ops are applied row by row.
func @f(%a: vector<2x4xf32>, %b: vector<2x4xf32>) -> vector<2x4xf32> {
  %0 = mulf %a, %b : vector<2x4xf32>
  return %0 : vector<2x4xf32>
}
// CHECK-LABEL: llvm.func @f(%arg0: !llvm<"[2 x <4 x float>]">, %arg1: !llvm<"[2 x <4 x float>]">) -> !llvm<"[2 x <4 x float>]">
// CHECK-NEXT: [[U:%[0-9]+]] = llvm.mlir.undef : !llvm<"[2 x <4 x float>]">
// CHECK-NEXT: [[A0:%[0-9]+]] = llvm.extractvalue %arg0[0] : !llvm<"[2 x <4 x float>]">
// CHECK-NEXT: [[B0:%[0-9]+]] = llvm.extractvalue %arg1[0] : !llvm<"[2 x <4 x float>]">
// CHECK-NEXT: [[M0:%[0-9]+]] = llvm.fmul [[A0]], [[B0]] : !llvm<"<4 x float>">
// CHECK-NEXT: [[R0:%[0-9]+]] = llvm.insertvalue [[M0]], [[U]][0] : !llvm<"[2 x <4 x float>]">
// CHECK-NEXT: [[A1:%[0-9]+]] = llvm.extractvalue %arg0[1]
// CHECK-NEXT: [[B1:%[0-9]+]] = llvm.extractvalue %arg1[1]
// CHECK-NEXT: [[M1:%[0-9]+]] = llvm.fmul [[A1]], [[B1]] : !llvm<"<4 x float>">
// CHECK-NEXT: [[R1:%[0-9]+]] = llvm.insertvalue [[M1]], [[R0]][1]
// CHECK-NEXT: llvm.return [[R1]] : !llvm<"[2 x <4 x float>]">
