// RUN: lower --syntax legacy
// Memref types convert to descriptors that only depend on the rank (the spec's examples;
// the `1x?` vector-element memref has rank 2, so its arrays have 2 elements).
func @memrefs() {
  %0 = "get"() : () -> (memref<f32>)
  %1 = "get"() : () -> (memref<1xf32>)
  %2 = "get"() : () -> (memref<?xf32>)
  %3 = "get"() : () -> (memref<10x42x42x43x123xf32>)
  %4 = "get"() : () -> (memref<10x?x42x?x123xf32>)
  %5 = "get"() : () -> (memref<1x?xvector<4xf32>>)
  %6 = "get"() : () -> (memref<*xf32>)
  return
}
// CHECK-LABEL: llvm.func @memrefs()
// CHECK-NEXT: "get"() : () -> !llvm<"{ float*, float*, i64 }">
// CHECK-NEXT: "get"() : () -> !llvm<"{ float*, float*, i64, [1 x i64], [1 x i64] }">
// CHECK-NEXT: "get"() : () -> !llvm<"{ float*, float*, i64, [1 x i64], [1 x i64] }">
// CHECK-NEXT: "get"() : () -> !llvm<"{ float*, float*, i64, [5 x i64], [5 x i64] }">
// CHECK-NEXT: "get"() : () -> !llvm<"{ float*, float*, i64, [5 x i64], [5 x i64] }">
// CHECK-NEXT: "get"() : () -> !llvm<"{ <4 x float>*, <4 x float>*, i64, [2 x i64], [2 x i64] }">
// CHECK-NEXT: "get"() : () -> !llvm<"{ i64, i8* }">
