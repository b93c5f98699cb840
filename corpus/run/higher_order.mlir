// run: @main() -> 2.25 : f64
// Function values: a function returning a function reference, call_indirect with memref
// arguments and a memref result, and cmpf with the constant predicates.
func @fill(%m: memref<?xf64>, %x: f64) -> memref<?xf64> {
  %c0 = constant 0 : index
  store %x, %m[%c0] : memref<?xf64>
  return %m : memref<?xf64>
}
func @pick() -> ((memref<?xf64>, f64) -> memref<?xf64>) {
  %f = constant @fill : (memref<?xf64>, f64) -> memref<?xf64>
  return %f : (memref<?xf64>, f64) -> memref<?xf64>
}
func @main() -> f64 {
  %c1 = constant 1 : index
  %m = alloc(%c1) : memref<?xf64>
  %f = call @pick() : () -> ((memref<?xf64>, f64) -> memref<?xf64>)
  %x = constant 2.25 : f64
  %r = call_indirect %f(%m, %x) : (memref<?xf64>, f64) -> memref<?xf64>
  %c0 = constant 0 : index
  %v = load %r[%c0] : memref<?xf64>
  %t = cmpf "true", %v, %v : f64
  %ff = cmpf "false", %v, %v : f64
  %z = constant 0.0 : f64
  %a = select %t, %v, %z : f64
  %b = select %ff, %z, %a : f64
  dealloc %m : memref<?xf64>
  return %b : f64
}
