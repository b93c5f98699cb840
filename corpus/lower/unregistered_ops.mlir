// RUN: lower
// Ops of dialects the lowering does not know are kept in generic form: operand and
// result types converted, attributes unchanged, and a repeated successor split through
// a new block, as for any terminator (with operands too: `unregistered-ops` probes that
// on every campaign case; today's MLIR has no generic form for successor operands).
func @f(%i: index, %m: memref<?xf32>, %c: i1) {
  %r:2 = "foo.keep"(%i, %m) {note = "kept", n = 7 : i64} : (index, memref<?xf32>) -> (memref<?xf32>, index)
  "foo.branch"(%c)[^bb1, ^bb1] : (i1) -> ()
^bb1:
  "foo.sink"(%r#1, %r#0) : (index, memref<?xf32>) -> ()
  return
}
// CHECK-LABEL: llvm.func @f(%arg0: i64, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64, %arg4: i64, %arg5: i64, %arg6: i1)
// CHECK: [[D:%[0-9]+]] = llvm.insertvalue %arg5, {{%[0-9]+}}[4, 0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: [[R:%[0-9]+]]:2 = "foo.keep"(%arg0, [[D]]) {note = "kept", n = 7 : i64} : (i64, !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>) -> (!llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>, i64)
// CHECK-NEXT: "foo.branch"(%arg6)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: "foo.sink"([[R]]#1, [[R]]#0) : (i64, !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>) -> ()
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: llvm.br ^bb1
