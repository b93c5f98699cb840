// RUN: lower
// A symbol that is not a bare identifier is quoted wherever the LLVM dialect names
// it (MLIR's escapes: a quote as \22, a backslash doubled, each byte of a non-ASCII
// character as \XX), so that mlir-translate reads the output: the function, its C
// wrapper, a call and an address.
func @"add one!"(%a: i32) -> i32 attributes {llvm.emit_c_interface} {
  return %a : i32
}
func @"9\22q\\ é"() -> ((i32) -> i32) {
  %f = constant @"add one!" : (i32) -> i32
  return %f : (i32) -> i32
}
func @x.y$(%a: i32) -> i32 {
  %r = call @"add one!"(%a) : (i32) -> i32
  return %r : i32
}
// CHECK-LABEL: llvm.func @"add one!"(%arg0: i32) -> i32
// CHECK-LABEL: llvm.func @"_mlir_ciface_add one!"(%arg0: i32) -> i32
// CHECK: llvm.call @"add one!"(%arg0) : (i32) -> i32
// CHECK-LABEL: llvm.func @"9\22q\\ \C3\A9"() -> !llvm.ptr
// CHECK: llvm.mlir.addressof @"add one!" : !llvm.ptr
// CHECK-LABEL: llvm.func @x.y$(%arg0: i32) -> i32
// CHECK: llvm.call @"add one!"(%arg0) : (i32) -> i32
