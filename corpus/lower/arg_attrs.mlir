// RUN: lower
// RUN: lower --syntax legacy --check-prefix=LEGACY
// RUN: parse --check-prefix=PARSE
// RUN: export --check-prefix=EXPORT
// RUN: translate --check-prefix=IR
// Argument, result and call attributes survive every step (lower/attrs.rs has the
// rules): a scalar keeps its dictionary, a memref's goes onto each expanded argument
// with the pointer attributes on the aligned pointer alone, one result keeps its
// dictionary, two results lose theirs, calls keep theirs sorted by name. The C
// wrapper keeps a scalar's dictionary and a memref's dialect attributes.

// PARSE-LABEL: func @callee(%arg0: i32 {test.flag = true}) -> (i32 {stdlower.n = 3})
// EXPORT-LABEL: func.func @callee(%arg0: i32 {test.flag = true}) -> (i32 {stdlower.n = 3 : i64})
// CHECK-LABEL: llvm.func @callee(%arg0: i32 {test.flag = true}) -> (i32 {stdlower.n = 3 : i64})
// LEGACY-LABEL: llvm.func @callee(%arg0: !llvm.i32 {test.flag = true}) -> (!llvm.i32 {stdlower.n = 3 : i64})
// IR-LABEL: define i32 @callee(i32 %0)
func @callee(%x: i32 {test.flag = true}) -> (i32 {stdlower.n = 3 : i64}) {
  return %x : i32
}

// PARSE-LABEL: func @sum(%arg0: memref<4xi32> {llvm.noalias = true, llvm.align = 16, test.flag = true}, %arg1: memref<?xi32> {llvm.noalias}) -> i32 attributes {llvm.emit_c_interface}
// EXPORT-LABEL: func.func @sum(%arg0: memref<4xi32> {llvm.noalias, llvm.align = 16 : i64, test.flag = true}, %arg1: memref<?xi32> {llvm.noalias}) -> i32 attributes {llvm.emit_c_interface}
// CHECK-LABEL: llvm.func @sum(%arg0: !llvm.ptr {test.flag = true}, %arg1: !llvm.ptr {llvm.noalias, llvm.align = 16 : i64, test.flag = true}, %arg2: i64 {test.flag = true}, %arg3: i64 {test.flag = true}, %arg4: i64 {test.flag = true}, %arg5: !llvm.ptr, %arg6: !llvm.ptr {llvm.noalias}, %arg7: i64, %arg8: i64, %arg9: i64) -> i32 attributes {llvm.emit_c_interface}
// LEGACY-LABEL: llvm.func @sum(%arg0: !llvm<"i32*"> {test.flag = true}, %arg1: !llvm<"i32*"> {llvm.noalias = true, llvm.align = 16 : i64, test.flag = true}, %arg2: !llvm.i64 {test.flag = true}, %arg3: !llvm.i64 {test.flag = true}, %arg4: !llvm.i64 {test.flag = true}, %arg5: !llvm<"i32*">, %arg6: !llvm<"i32*"> {llvm.noalias = true}, %arg7: !llvm.i64, %arg8: !llvm.i64, %arg9: !llvm.i64) -> !llvm.i32 attributes {llvm.emit_c_interface}
// IR-LABEL: define i32 @sum(ptr %0, ptr noalias align 16 %1, i64 %2, i64 %3, i64 %4, ptr %5, ptr noalias %6, i64 %7, i64 %8, i64 %9)
func @sum(%m: memref<4xi32> {llvm.noalias = true, llvm.align = 16 : i64, test.flag = true}, %n: memref<?xi32> {llvm.noalias}) -> i32 attributes {llvm.emit_c_interface} {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = load %m[%c0] : memref<4xi32>
  %b = load %m[%c1] : memref<4xi32>
  %c = load %n[%c0] : memref<?xi32>
  %s = addi %a, %b : i32
  %t = addi %s, %c : i32
  store %t, %n[%c1] : memref<?xi32>
  return %t : i32
}
// The C wrapper: the descriptor pointers keep the dialect attribute only.
// CHECK-LABEL: llvm.func @_mlir_ciface_sum(%arg0: !llvm.ptr {test.flag = true}, %arg1: !llvm.ptr) -> i32 {
// LEGACY-LABEL: llvm.func @_mlir_ciface_sum(%arg0: !llvm<"{ i32*, i32*, i64, [1 x i64], [1 x i64] }*"> {test.flag = true}, %arg1: !llvm<"{ i32*, i32*, i64, [1 x i64], [1 x i64] }*">) -> !llvm.i32 {
// IR-LABEL: define i32 @_mlir_ciface_sum(ptr %0, ptr %1)

// Two results: the packed struct gets no dictionary.
// PARSE-LABEL: func @two(%arg0: i32) -> (i32 {a.x}, f32 {a.y})
// CHECK-LABEL: llvm.func @two(%arg0: i32) -> !llvm.struct<(i32, f32)> {
func @two(%x: i32) -> (i32 {a.x}, f32 {a.y}) {
  %f = constant 1.5 : f32
  return %x, %f : i32, f32
}

// PARSE-LABEL: func @main
// PARSE: call @sum(%{{[0-9]+}}, %{{[0-9]+}}) {foo = "bar", baz = [1, 2, 3, 4]} : (memref<4xi32>, memref<?xi32>) -> i32
// PARSE: call @callee(%{{[0-9]+}}) {stdlower.site} : (i32) -> i32
// PARSE: call_indirect %{{[0-9]+}}(%{{[0-9]+}}) {indirect.note = 1 : i32} : (i32) -> i32
// EXPORT: func.call @sum(%{{[0-9]+}}, %{{[0-9]+}}) {foo = "bar", baz = [1 : i64, 2 : i64, 3 : i64, 4 : i64]} : (memref<4xi32>, memref<?xi32>) -> i32
// CHECK-LABEL: llvm.func @main
// CHECK: llvm.call @sum({{.*}}) {baz = [1 : i64, 2 : i64, 3 : i64, 4 : i64], foo = "bar"} : (!llvm.ptr,
// CHECK: llvm.call @callee(%{{[0-9]+}}) {stdlower.site} : (i32) -> i32
// CHECK: llvm.call %{{[0-9]+}}(%{{[0-9]+}}) {indirect.note = 1 : i32} : !llvm.ptr, (i32) -> i32
// LEGACY-LABEL: llvm.func @main
// LEGACY: llvm.call @sum({{.*}}) {baz = [1 : i64, 2 : i64, 3 : i64, 4 : i64], foo = "bar"} : (!llvm<"i32*">,
// LEGACY: llvm.call @callee(%{{[0-9]+}}) {stdlower.site} : (!llvm.i32) -> !llvm.i32
func @main(%a: i32) -> (i32, i32) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %c3 = constant 3 : index
  %m = alloc() {alignment = 16} : memref<4xi32>
  %n = alloc(%c2) : memref<?xi32>
  %k5 = constant 5 : i32
  %k7 = constant 7 : i32
  store %a, %m[%c0] : memref<4xi32>
  store %k5, %m[%c1] : memref<4xi32>
  store %k5, %m[%c2] : memref<4xi32>
  store %k5, %m[%c3] : memref<4xi32>
  store %k7, %n[%c0] : memref<?xi32>
  store %k7, %n[%c1] : memref<?xi32>
  %r = call @sum(%m, %n) {foo = "bar", baz = [1, 2, 3, 4]} : (memref<4xi32>, memref<?xi32>) -> i32
  %c = call @callee(%r) {stdlower.site} : (i32) -> i32
  %f = constant @callee : (i32) -> i32
  %d = call_indirect %f(%c) {indirect.note = 1 : i32} : (i32) -> i32
  %x = load %n[%c1] : memref<?xi32>
  dealloc %m : memref<4xi32>
  dealloc %n : memref<?xi32>
  return %d, %x : i32, i32
}
// run: @main(3 : i32) -> 15 : i32, 15 : i32
// run: @main(-5 : i32) -> 7 : i32, 7 : i32
