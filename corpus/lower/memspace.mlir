// RUN: lower
// RUN: lower --syntax legacy --check-prefix=LEG
// A memref's memory space is the address space of its descriptor's element pointers
// (LLVM 11: `float addrspace(3)*`; today: `!llvm.ptr<3>`): in the expanded arguments,
// GEPs, loads and stores. `malloc`/`free` work in address space 0, so alloc and dealloc
// go through llvm.addrspacecast (never a bitcast); alloca allocates in the space; the
// unranked descriptor's pointer to the ranked descriptor stays in address space 0.
func @access(%m: memref<4xf32, 3>, %i: index) -> f32 {
  %0 = load %m[%i] : memref<4xf32, 3>
  store %0, %m[%i] : memref<4xf32, 3>
  return %0 : f32
}
// CHECK-LABEL: llvm.func @access(%arg0: !llvm.ptr<3>, %arg1: !llvm.ptr<3>, %arg2: i64, %arg3: i64, %arg4: i64, %arg5: i64) -> f32 {
// CHECK: llvm.mlir.undef : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: [[P:%[0-9]+]] = llvm.getelementptr {{%[0-9]+}}[{{%[0-9]+}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
// CHECK-NEXT: [[V:%[0-9]+]] = llvm.load [[P]] : !llvm.ptr<3> -> f32
// CHECK: [[Q:%[0-9]+]] = llvm.getelementptr {{%[0-9]+}}[{{%[0-9]+}}] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
// CHECK-NEXT: llvm.store [[V]], [[Q]] : f32, !llvm.ptr<3>
// LEG-LABEL: llvm.func @access(%arg0: !llvm<"float addrspace(3)*">, %arg1: !llvm<"float addrspace(3)*">, %arg2: !llvm.i64, %arg3: !llvm.i64, %arg4: !llvm.i64, %arg5: !llvm.i64) -> !llvm.float {
// LEG: llvm.mlir.undef : !llvm<"{ float addrspace(3)*, float addrspace(3)*, i64, [1 x i64], [1 x i64] }">
// LEG: [[P:%[0-9]+]] = llvm.getelementptr {{%[0-9]+}}[{{%[0-9]+}}] : (!llvm<"float addrspace(3)*">, !llvm.i64) -> !llvm<"float addrspace(3)*">
// LEG-NEXT: [[V:%[0-9]+]] = llvm.load [[P]] : !llvm<"float addrspace(3)*">
// LEG: llvm.store [[V]], {{%[0-9]+}} : !llvm<"float addrspace(3)*">

func @alloc_dealloc(%n: index) -> memref<?xi32, 5> {
  %0 = alloc(%n) : memref<?xi32, 5>
  dealloc %0 : memref<?xi32, 5>
  %1 = alloca(%n) : memref<?xi32, 5>
  %2 = alloc(%n) {alignment = 32} : memref<?xi32, 5>
  return %2 : memref<?xi32, 5>
}
// CHECK-LABEL: llvm.func @alloc_dealloc(%arg0: i64) -> !llvm.struct<(ptr<5>, ptr<5>, i64, array<1 x i64>, array<1 x i64>)> {
// CHECK: [[RAW:%[0-9]+]] = llvm.call @malloc({{%[0-9]+}}) : (i64) -> !llvm.ptr
// CHECK-NEXT: [[A:%[0-9]+]] = llvm.addrspacecast [[RAW]] : !llvm.ptr to !llvm.ptr<5>
// CHECK: llvm.insertvalue [[A]], {{%[0-9]+}}[0]
// CHECK-NEXT: llvm.insertvalue [[A]], {{%[0-9]+}}[1]
// CHECK: [[AL:%[0-9]+]] = llvm.extractvalue {{%[0-9]+}}[0] : !llvm.struct<(ptr<5>, ptr<5>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: [[F:%[0-9]+]] = llvm.addrspacecast [[AL]] : !llvm.ptr<5> to !llvm.ptr
// CHECK-NEXT: llvm.call @free([[F]]) : (!llvm.ptr) -> ()
// CHECK: llvm.alloca {{%[0-9]+}} x i32 : (i64) -> !llvm.ptr<5>
// CHECK: [[RAW2:%[0-9]+]] = llvm.call @malloc({{%[0-9]+}}) : (i64) -> !llvm.ptr
// CHECK-NEXT: llvm.addrspacecast [[RAW2]] : !llvm.ptr to !llvm.ptr<5>
// CHECK: llvm.ptrtoint [[RAW2]] : !llvm.ptr to i64
// CHECK: llvm.inttoptr {{%[0-9]+}} : i64 to !llvm.ptr<5>
// CHECK-NOT: llvm.bitcast
// CHECK: llvm.return
// LEG-LABEL: llvm.func @alloc_dealloc(%arg0: !llvm.i64) -> !llvm<"{ i32 addrspace(5)*, i32 addrspace(5)*, i64, [1 x i64], [1 x i64] }"> {
// LEG: [[RAW:%[0-9]+]] = llvm.call @malloc({{%[0-9]+}}) : (!llvm.i64) -> !llvm<"i8*">
// LEG-NEXT: llvm.addrspacecast [[RAW]] : !llvm<"i8*"> to !llvm<"i32 addrspace(5)*">
// LEG: [[F:%[0-9]+]] = llvm.addrspacecast {{%[0-9]+}} : !llvm<"i32 addrspace(5)*"> to !llvm<"i8*">
// LEG-NEXT: llvm.call @free([[F]]) : (!llvm<"i8*">) -> ()
// LEG: llvm.alloca {{%[0-9]+}} x !llvm.i32 : (!llvm.i64) -> !llvm<"i32 addrspace(5)*">

func @unranked(%m: memref<2x?xf32, 3>, %i: index) -> index {
  %u = memref_cast %m : memref<2x?xf32, 3> to memref<*xf32, 3>
  %d = dim %u, %i : memref<*xf32, 3>
  %r = memref_cast %u : memref<*xf32, 3> to memref<2x?xf32, 3>
  dealloc %u : memref<*xf32, 3>
  return %d : index
}
// CHECK-LABEL: llvm.func @unranked(
// CHECK: [[SLOT:%[0-9]+]] = llvm.alloca {{%[0-9]+}} x !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)> : (i64) -> !llvm.ptr
// CHECK: llvm.mlir.undef : !llvm.struct<(i64, ptr)>
// CHECK: llvm.getelementptr {{%[0-9]+}}[2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr<3>
// CHECK: llvm.load {{%[0-9]+}} : !llvm.ptr -> i64
// CHECK: llvm.load {{%[0-9]+}} : !llvm.ptr -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: [[AL:%[0-9]+]] = llvm.load {{%[0-9]+}} : !llvm.ptr -> !llvm.ptr<3>
// CHECK-NEXT: [[F:%[0-9]+]] = llvm.addrspacecast [[AL]] : !llvm.ptr<3> to !llvm.ptr
// CHECK-NEXT: llvm.call @free([[F]])
// LEG-LABEL: llvm.func @unranked(
// LEG: llvm.alloca {{%[0-9]+}} x !llvm<"{ float addrspace(3)*, float addrspace(3)*, i64, [2 x i64], [2 x i64] }"> : (!llvm.i64) -> !llvm<"{ float addrspace(3)*, float addrspace(3)*, i64, [2 x i64], [2 x i64] }*">
// LEG: llvm.bitcast {{%[0-9]+}} : !llvm<"i8*"> to !llvm<"float addrspace(3)**">
// LEG-NEXT: llvm.getelementptr {{%[0-9]+}}[2] : (!llvm<"float addrspace(3)**">) -> !llvm<"float addrspace(3)**">
// LEG: llvm.bitcast {{%[0-9]+}} : !llvm<"i8*"> to !llvm<"{ float addrspace(3)*, float addrspace(3)*, i64, [2 x i64], [2 x i64] }*">
// LEG: llvm.bitcast {{%[0-9]+}} : !llvm<"i8*"> to !llvm<"i8 addrspace(3)**">
// LEG-NEXT: [[AL:%[0-9]+]] = llvm.load {{%[0-9]+}} : !llvm<"i8 addrspace(3)**">
// LEG-NEXT: llvm.addrspacecast [[AL]] : !llvm<"i8 addrspace(3)*"> to !llvm<"i8*">

func @callee(%m: memref<4xf32, 3>) -> memref<4xf32, 3>
func @caller(%m: memref<4xf32, 3>) -> memref<4xf32, 3> attributes {llvm.emit_c_interface} {
  %r = call @callee(%m) : (memref<4xf32, 3>) -> memref<4xf32, 3>
  return %r : memref<4xf32, 3>
}
// CHECK-LABEL: llvm.func @callee(!llvm.ptr<3>, !llvm.ptr<3>, i64, i64, i64) -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-LABEL: llvm.func @caller(
// CHECK: llvm.call @callee({{.*}}) : (!llvm.ptr<3>, !llvm.ptr<3>, i64, i64, i64) -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// The C wrapper takes pointers (address space 0) to descriptors whose element pointers
// are in the memory space, as today's MLIR does.
// CHECK-LABEL: llvm.func @_mlir_ciface_caller(%arg0: !llvm.ptr, %arg1: !llvm.ptr) {
// CHECK-NEXT: llvm.load %arg1 : !llvm.ptr -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: llvm.call @caller({{.*}}) : (!llvm.ptr<3>, !llvm.ptr<3>, i64, i64, i64) -> !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>
// CHECK-NEXT: llvm.store {{%[0-9]+}}, %arg0 : !llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>, !llvm.ptr
// LEG-LABEL: llvm.func @_mlir_ciface_caller(%arg0: !llvm<"{ float addrspace(3)*, float addrspace(3)*, i64, [1 x i64], [1 x i64] }*">, %arg1: !llvm<"{ float addrspace(3)*, float addrspace(3)*, i64, [1 x i64], [1 x i64] }*">) {
