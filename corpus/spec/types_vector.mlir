// RUN: lower --syntax legacy
// `vector<4 x f32>` converts to `!llvm<"<4 x float>">` and `vector<4 x 8 x 16 x f32>`
// converts to `!llvm<"[4 x [8 x <16 x float>]]">`.
func @vectors() {
  %0 = "get"() : () -> (vector<4xf32>)
  %1 = "get"() : () -> (vector<4x8x16xf32>)
  return
}
// CHECK-LABEL: llvm.func @vectors()
// CHECK-NEXT: "get"() : () -> !llvm<"<4 x float>">
// CHECK-NEXT: "get"() : () -> !llvm<"[4 x [8 x <16 x float>]]">
