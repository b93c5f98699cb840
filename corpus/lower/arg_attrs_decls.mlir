// RUN: lower --emit-c-interface
// RUN: lower --syntax legacy --emit-c-interface --check-prefix=LEGACY
// RUN: parse --check-prefix=PARSE
// RUN: export --check-prefix=EXPORT
// External declarations keep their argument and result attributes; the generic form
// gives them as today's `arg_attrs`/`res_attrs` or as LLVM 11's `arg0`/`result0`.
// With --emit-c-interface the external function gets a body calling the external
// `_mlir_ciface_` declaration, which keeps the scalar's dictionary, the memref's
// dialect attributes (not `llvm.noalias`) and the one result's dictionary.

// PARSE: func @ext(i8 {llvm.signext}, memref<?xf32> {a.b, llvm.noalias = true}) -> (i32 {dialect.r = 1 : i32})
// EXPORT: func.func private @ext(i8 {llvm.signext}, memref<?xf32> {a.b, llvm.noalias}) -> (i32 {dialect.r = 1 : i32})
// CHECK-LABEL: llvm.func @ext(%arg0: i8 {llvm.signext}, %arg1: !llvm.ptr {a.b}, %arg2: !llvm.ptr {a.b, llvm.noalias}, %arg3: i64 {a.b}, %arg4: i64 {a.b}, %arg5: i64 {a.b}) -> (i32 {dialect.r = 1 : i32})
// CHECK-LABEL: llvm.func @_mlir_ciface_ext(i8 {llvm.signext}, !llvm.ptr {a.b}) -> (i32 {dialect.r = 1 : i32})
// LEGACY-LABEL: llvm.func @ext(%arg0: !llvm.i8 {llvm.signext}, %arg1: !llvm<"float*"> {a.b}, %arg2: !llvm<"float*"> {a.b, llvm.noalias = true}, %arg3: !llvm.i64 {a.b}, %arg4: !llvm.i64 {a.b}, %arg5: !llvm.i64 {a.b}) -> (!llvm.i32 {dialect.r = 1 : i32})
// LEGACY-LABEL: llvm.func @_mlir_ciface_ext(!llvm.i8 {llvm.signext}, !llvm<"{ float*, float*, i64, [1 x i64], [1 x i64] }*"> {a.b}) -> (!llvm.i32 {dialect.r = 1 : i32})
func @ext(i8 {llvm.signext}, memref<?xf32> {a.b, llvm.noalias = true}) -> (i32 {dialect.r = 1 : i32})

// PARSE: func @gen(%arg0: i32 {x.y = 2 : i32}) -> (i32 {x.z})
// CHECK-LABEL: llvm.func @gen(%arg0: i32 {x.y = 2 : i32}) -> (i32 {x.z})
"func"() ( {
^bb0(%a: i32):
  "std.return"(%a) : (i32) -> ()
}) {sym_name = "gen", type = (i32) -> i32, arg_attrs = [{x.y = 2 : i32}], res_attrs = [{x.z}]} : () -> ()

// PARSE: func @gen11(i32, i64 {old.style}) -> (f32 {old.result})
// CHECK-LABEL: llvm.func @gen11(%arg0: i32, %arg1: i64 {old.style}) -> (f32 {old.result})
// CHECK-LABEL: llvm.func @_mlir_ciface_gen11(i32, i64 {old.style}) -> (f32 {old.result})
"func"() ( {
}) {sym_name = "gen11", type = (i32, i64) -> f32, arg1 = {old.style}, result0 = {old.result}} : () -> ()

// Unranked: the dictionary goes onto the rank and the descriptor pointer.
// CHECK-LABEL: llvm.func @unranked(%arg0: i64 {u.v}, %arg1: !llvm.ptr {u.v})
// CHECK-LABEL: llvm.func @_mlir_ciface_unranked(!llvm.ptr {u.v})
func @unranked(memref<*xf32> {u.v})
