// run: @main() -> -5456789 : i64
// Functions carrying llvm.emit_c_interface, taking ranked and unranked memrefs, called from
// main through the ordinary (non-wrapper) entry point.
func @sum2d(%m: memref<?x?xi64>) -> i64 attributes {llvm.emit_c_interface} {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %r = dim %m, 0 : memref<?x?xi64>
  %q = dim %m, 1 : memref<?x?xi64>
  %zero = constant 0 : i64
  br ^row(%c0, %zero : index, i64)
^row(%i: index, %acc: i64):
  %mi = cmpi "slt", %i, %r : index
  cond_br %mi, ^col(%c0, %acc : index, i64), ^exit
^col(%j: index, %acc2: i64):
  %mj = cmpi "slt", %j, %q : index
  cond_br %mj, ^body, ^row_next
^body:
  %v = load %m[%i, %j] : memref<?x?xi64>
  %acc3 = addi %acc2, %v : i64
  %j2 = addi %j, %c1 : index
  br ^col(%j2, %acc3 : index, i64)
^row_next:
  %i2 = addi %i, %c1 : index
  br ^row(%i2, %acc2 : index, i64)
^exit:
  return %acc : i64
}
func @first_of(%u: memref<*xi64>) -> i64 attributes {llvm.emit_c_interface} {
  %m = memref_cast %u : memref<*xi64> to memref<2x3xi64>
  %c0 = constant 0 : index
  %v = load %m[%c0, %c0] : memref<2x3xi64>
  return %v : i64
}
func @main() -> i64 {
  %m = alloc() : memref<2x3xi64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = constant 1 : i64
  %b = constant 20 : i64
  %c = constant 300 : i64
  %d = constant 4000 : i64
  %e = constant 50000 : i64
  %f = constant -600000 : i64
  store %a, %m[%c0, %c0] : memref<2x3xi64>
  store %b, %m[%c0, %c1] : memref<2x3xi64>
  store %c, %m[%c0, %c2] : memref<2x3xi64>
  store %d, %m[%c1, %c0] : memref<2x3xi64>
  store %e, %m[%c1, %c1] : memref<2x3xi64>
  store %f, %m[%c1, %c2] : memref<2x3xi64>
  %dyn = memref_cast %m : memref<2x3xi64> to memref<?x?xi64>
  %s = call @sum2d(%dyn) : (memref<?x?xi64>) -> i64
  %u = memref_cast %m : memref<2x3xi64> to memref<*xi64>
  %x = call @first_of(%u) : (memref<*xi64>) -> i64
  %k = constant 10 : i64
  %sk = muli %s, %k : i64
  %r = addi %sk, %x : i64
  dealloc %m : memref<2x3xi64>
  return %r : i64
}
