// RUN: lower
// RUN: lower --syntax legacy --check-prefix=LEGACY
// RUN: export --check-prefix=EXPORT
// LLVM 11's Standard dialect let any argument carry any attribute; an LLVM attribute
// that does not fit the LLVM type it would land on (`llvm.noalias` on an i32,
// `llvm.signext` on a float, `llvm.noalias` on an unranked memref's descriptor pointer
// or on a memref result's struct) is left out by the lowering and by `export`: LLVM
// 11's translation rejected it after the lowering, and MLIR 22's verifier rejects it
// during the lowering. The rest of the dictionary stays.

// CHECK-LABEL: llvm.func @helper(%arg0: i32 {a.b}, %arg1: f32, %arg2: i64 {x.y}, %arg3: !llvm.ptr {x.y}) -> (i32 {llvm.zeroext})
// LEGACY-LABEL: llvm.func @helper(%arg0: !llvm.i32 {a.b}, %arg1: !llvm.float, %arg2: !llvm.i64 {x.y}, %arg3: !llvm<"i8*"> {x.y}) -> (!llvm.i32 {llvm.zeroext})
// EXPORT-LABEL: func.func @helper(%arg0: i32 {a.b}, %arg1: f32, %arg2: memref<*xf32> {x.y}) -> (i32 {llvm.zeroext})
func @helper(%x: i32 {llvm.noalias = true, a.b}, %y: f32 {llvm.signext}, %u: memref<*xf32> {llvm.noalias, x.y}) -> (i32 {llvm.noalias, llvm.zeroext}) {
  return %x : i32
}
// CHECK-LABEL: llvm.func @mres() -> (!llvm.struct<(ptr, ptr, i64)> {r.s})
// EXPORT-LABEL: func.func @mres() -> (memref<f32> {r.s})
func @mres() -> (memref<f32> {llvm.noalias, r.s}) {
  %m = alloc() : memref<f32>
  return %m : memref<f32>
}
func @main() -> i32 {
  %a = constant 16 : i32
  %f = constant 1.0 : f32
  %m = alloc() : memref<2xf32>
  %u = memref_cast %m : memref<2xf32> to memref<*xf32>
  %b = call @helper(%a, %f, %u) : (i32, f32, memref<*xf32>) -> i32
  dealloc %m : memref<2xf32>
  return %b : i32
}
// run: @main() -> 16 : i32
