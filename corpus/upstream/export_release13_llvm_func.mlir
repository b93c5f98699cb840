// RUN: export --release 13
// run: @main() -> 5 : i32
// `export --release 13` writes an llvm.func in MLIR 13's LLVM dialect, which has typed
// pointers: every pointer points to i8 (as MLIR 13 declares malloc and free), and a
// bitcast gives a pointer its pointee where an op needs one (a load, a store, a
// getelementptr, an alloca, an addressof, an indirect call); every getelementptr index
// is an operand (i32 for a struct field); memcpy's volatility is an i1 operand;
// llvm.mlir.zero of a pointer is llvm.mlir.null; poison is undef.
module {
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
  llvm.func @callee(%a: i32) -> i32 {
    llvm.return %a : i32
  }
  llvm.func @mem(%p: !llvm.ptr<f32> {llvm.noalias}, %n: i64, %s: !llvm.ptr<i8, 3>) -> f32 {
    %one = llvm.mlir.constant(1 : i64) : i64
    %a = llvm.alloca %one x !llvm.struct<(i32, array<4 x f32>)> {alignment = 8 : i64} : (i64) -> !llvm.ptr<struct<(i32, array<4 x f32>)>>
    %g = llvm.getelementptr %a[0, 1, %n] : (!llvm.ptr<struct<(i32, array<4 x f32>)>>, i64) -> !llvm.ptr<f32>
    %x = llvm.load %g : !llvm.ptr<f32>
    llvm.store %x, %p : !llvm.ptr<f32>
    %b = llvm.call @malloc(%one) : (i64) -> !llvm.ptr
    "llvm.intr.memcpy"(%b, %b, %one) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.call @free(%b) : (!llvm.ptr) -> ()
    %f = llvm.mlir.addressof @callee : !llvm.ptr<func<i32 (i32)>>
    %c = llvm.mlir.constant(7 : i32) : i32
    %r = llvm.call %f(%c) : (i32) -> i32
    %z = llvm.mlir.zero : !llvm.ptr
    %q = llvm.mlir.poison : f32
    %v = llvm.load %s : !llvm.ptr<i8, 3>
    llvm.return %x : f32
  }
  func @main() -> i32 {
    %c = constant 5 : i32
    return %c : i32
  }
}
// CHECK: llvm.func @malloc(i64) -> !llvm.ptr<i8>
// CHECK-NEXT: llvm.func @free(!llvm.ptr<i8>)
// CHECK-LABEL: llvm.func @mem(%arg0: !llvm.ptr<i8> {llvm.noalias}, %arg1: i64, %arg2: !llvm.ptr<i8, 3>) -> f32 {
// CHECK-NEXT: %0 = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %1 = llvm.alloca %0 x !llvm.struct<(i32, array<4 x f32>)> {alignment = 8 : i64} : (i64) -> !llvm.ptr<struct<(i32, array<4 x f32>)>>
// CHECK-NEXT: %2 = llvm.bitcast %1 : !llvm.ptr<struct<(i32, array<4 x f32>)>> to !llvm.ptr<i8>
// CHECK-NEXT: %3 = llvm.bitcast %2 : !llvm.ptr<i8> to !llvm.ptr<struct<(i32, array<4 x f32>)>>
// CHECK-NEXT: %4 = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %5 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %6 = llvm.getelementptr %3[%4, %5, %arg1] : (!llvm.ptr<struct<(i32, array<4 x f32>)>>, i64, i32, i64) -> !llvm.ptr<f32>
// CHECK-NEXT: %7 = llvm.bitcast %6 : !llvm.ptr<f32> to !llvm.ptr<i8>
// CHECK-NEXT: %8 = llvm.bitcast %7 : !llvm.ptr<i8> to !llvm.ptr<f32>
// CHECK-NEXT: %9 = llvm.load %8 : !llvm.ptr<f32>
// CHECK-NEXT: %10 = llvm.bitcast %arg0 : !llvm.ptr<i8> to !llvm.ptr<f32>
// CHECK-NEXT: llvm.store %9, %10 : !llvm.ptr<f32>
// CHECK-NEXT: %11 = llvm.call @malloc(%0) : (i64) -> !llvm.ptr<i8>
// CHECK-NEXT: %12 = llvm.mlir.constant(false) : i1
// CHECK-NEXT: "llvm.intr.memcpy"(%11, %11, %0, %12) : (!llvm.ptr<i8>, !llvm.ptr<i8>, i64, i1) -> ()
// CHECK-NEXT: llvm.call @free(%11) : (!llvm.ptr<i8>) -> ()
// CHECK-NEXT: %13 = llvm.mlir.addressof @callee : !llvm.ptr<func<i32 (i32)>>
// CHECK-NEXT: %14 = llvm.bitcast %13 : !llvm.ptr<func<i32 (i32)>> to !llvm.ptr<i8>
// CHECK-NEXT: %15 = llvm.mlir.constant(7 : i32) : i32
// CHECK-NEXT: %16 = llvm.bitcast %14 : !llvm.ptr<i8> to !llvm.ptr<func<i32 (i32)>>
// CHECK-NEXT: %17 = llvm.call %16(%15) : (i32) -> i32
// CHECK-NEXT: %18 = llvm.mlir.null : !llvm.ptr<i8>
// CHECK-NEXT: %19 = llvm.mlir.undef : f32
// CHECK-NEXT: %20 = llvm.load %arg2 : !llvm.ptr<i8, 3>
// CHECK-NEXT: llvm.return %9 : f32
// CHECK-NEXT: }
