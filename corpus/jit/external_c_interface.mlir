// run: @main() -> 152 : i64, 7.75 : f64, 2 : i64, -15 : i64
// External functions declared with llvm.emit_c_interface: the lowering gives each
// declaration a body that calls the host's _mlir_ciface_ function, with the memref's
// descriptor in a stack slot passed by pointer, and two results stored through a
// pointer passed first. The host implements ext_cmix_i64 (a * 31 + b), ext_csum_f64
// (the sum of the elements) and ext_cpair_i64 ((a + b, a * b)) in their C form only.
func @ext_cmix_i64(i64, i64) -> i64 attributes {llvm.emit_c_interface}
func @ext_csum_f64(memref<?xf64>) -> f64 attributes {llvm.emit_c_interface}
func @ext_cpair_i64(i64, i64) -> (i64, i64) attributes {llvm.emit_c_interface}
func @main() -> (i64, f64, i64, i64) {
  %a = constant 5 : i64
  %b = constant -3 : i64
  %m = call @ext_cmix_i64(%a, %b) : (i64, i64) -> i64
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %c3 = constant 3 : index
  %buf = alloc(%c3) : memref<?xf64>
  %x0 = constant 1.5 : f64
  %x1 = constant 2.25 : f64
  %x2 = constant 4.0 : f64
  store %x0, %buf[%c0] : memref<?xf64>
  store %x1, %buf[%c1] : memref<?xf64>
  store %x2, %buf[%c2] : memref<?xf64>
  %s = call @ext_csum_f64(%buf) : (memref<?xf64>) -> f64
  dealloc %buf : memref<?xf64>
  %p:2 = call @ext_cpair_i64(%a, %b) : (i64, i64) -> (i64, i64)
  return %m, %s, %p#0, %p#1 : i64, f64, i64, i64
}
