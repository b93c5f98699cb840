// run: @main() -> 0.001 : f32
// llvm.emit_c_interface with an unranked memref argument.
func @last(%u: memref<*xf32>) -> f32 attributes {llvm.emit_c_interface} {
  %m = memref_cast %u : memref<*xf32> to memref<?xf32>
  %n = dim %m, 0 : memref<?xf32>
  %c1 = constant 1 : index
  %i = subi %n, %c1 : index
  %v = load %m[%i] : memref<?xf32>
  return %v : f32
}
func @main() -> f32 {
  %c4 = constant 4 : index
  %m = alloc(%c4) : memref<?xf32>
  %c3 = constant 3 : index
  %x = constant 1.0e-3 : f32
  store %x, %m[%c3] : memref<?xf32>
  %u = memref_cast %m : memref<?xf32> to memref<*xf32>
  %r = call @last(%u) : (memref<*xf32>) -> f32
  return %r : f32
}
