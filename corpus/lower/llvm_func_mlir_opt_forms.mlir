// RUN: lower
// RUN: translate --check-prefix=IR
// An llvm.func written as mlir-opt 22 prints the LLVM dialect (what `interp --via
// upstream` reads back): poison, null, overflow and exact flags, getelementptr with its
// flags, aggregates, allocas, loads and stores with alignments, an intrinsic, and a
// return with attributes first. The lowering passes it through and prints each form
// back as it was read. (Memory is accessed as i8: in a Standard module's llvm.funcs an
// opaque pointer is a pointer to i8, and the typed-pointer rules apply.)
// CHECK-LABEL: llvm.func @h
// CHECK: llvm.mlir.poison : !llvm.struct<(i32, f32)>
// CHECK: llvm.mlir.zero : !llvm.ptr
// CHECK: llvm.add %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
// CHECK: llvm.udiv exact %{{.*}}, %{{.*}} : i32
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[0] : !llvm.struct<(i32, f32)>
// CHECK: llvm.alloca %{{.*}} x i8 {alignment = 8 : i64} : (i64) -> !llvm.ptr
// CHECK: llvm.getelementptr inbounds|nuw %{{.*}}[1] : (!llvm.ptr) -> !llvm.ptr, i8
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 1 : i64} : i8, !llvm.ptr
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> i8
// CHECK: llvm.intr.fabs(%{{.*}}) : (f32) -> f32
// IR-LABEL: define i32 @h
// IR: alloca i8, i64 2, align 8
// IR: store i8 %{{.*}}, ptr %{{.*}}, align 1
module {
  llvm.func @h(%a: i32, %f: f32) -> i32 {
    %0 = llvm.mlir.poison : !llvm.struct<(i32, f32)>
    %1 = llvm.mlir.zero : !llvm.ptr
    %2 = llvm.add %a, %a overflow<nsw, nuw> : i32
    %3 = llvm.udiv exact %2, %a : i32
    %4 = llvm.insertvalue %3, %0[0] : !llvm.struct<(i32, f32)>
    %5 = llvm.extractvalue %4[0] : !llvm.struct<(i32, f32)>
    %6 = llvm.mlir.constant(2 : i64) : i64
    %7 = llvm.alloca %6 x i8 {alignment = 8 : i64} : (i64) -> !llvm.ptr
    %8 = llvm.getelementptr inbounds|nuw %7[1] : (!llvm.ptr) -> !llvm.ptr, i8
    %b = llvm.trunc %5 : i32 to i8
    llvm.store %b, %8 {alignment = 1 : i64} : i8, !llvm.ptr
    %9 = llvm.load %8 : !llvm.ptr -> i8
    %10 = llvm.intr.fabs(%f) : (f32) -> f32
    %11 = llvm.zext %9 : i8 to i32
    llvm.return {test.r} %11 : i32
  }
}
