// run: @main() -> 2014.0 : f64, 2014.0 : f64, 7.25 : f64, 7.25 : f64
// External functions taking an unranked memref: ext_usum_f64 is a plain declaration,
// so the lowered call passes the rank and a pointer to the ranked descriptor (which
// the lowering copies to a stack slot); ext_cusum_f64 has llvm.emit_c_interface, so its
// body calls _mlir_ciface_ext_cusum_f64 with a pointer to the {rank, descriptor}
// pair. Both return 1000 * rank plus the elements in row-major order of the view.
func @ext_usum_f64(memref<*xf64>) -> f64
func @ext_cusum_f64(memref<*xf64>) -> f64 attributes {llvm.emit_c_interface}
func @main() -> (f64, f64, f64, f64) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %m = alloc() : memref<2x3xf64>
  %x0 = constant 1.0 : f64
  %x1 = constant 2.0 : f64
  %x2 = constant 3.5 : f64
  store %x0, %m[%c0, %c0] : memref<2x3xf64>
  store %x1, %m[%c0, %c1] : memref<2x3xf64>
  store %x2, %m[%c0, %c2] : memref<2x3xf64>
  store %x2, %m[%c1, %c0] : memref<2x3xf64>
  store %x1, %m[%c1, %c1] : memref<2x3xf64>
  store %x1, %m[%c1, %c2] : memref<2x3xf64>
  %u = memref_cast %m : memref<2x3xf64> to memref<*xf64>
  %a = call @ext_usum_f64(%u) : (memref<*xf64>) -> f64
  %b = call @ext_cusum_f64(%u) : (memref<*xf64>) -> f64
  dealloc %m : memref<2x3xf64>
  %s = alloca() : memref<f64>
  %x3 = constant 7.25 : f64
  store %x3, %s[] : memref<f64>
  %v = memref_cast %s : memref<f64> to memref<*xf64>
  %c = call @ext_usum_f64(%v) : (memref<*xf64>) -> f64
  %d = call @ext_cusum_f64(%v) : (memref<*xf64>) -> f64
  return %a, %b, %c, %d : f64, f64, f64, f64
}
