// run: @main() -> 0.6 : f64
// Recursion over a memref: 0.1 + (0.2 + 0.3) in f64.
func @sum(%m: memref<?xf64>, %i: index) -> f64 {
  %n = dim %m, 0 : memref<?xf64>
  %done = cmpi "sge", %i, %n : index
  cond_br %done, ^z, ^r
^z:
  %zero = constant 0.0 : f64
  return %zero : f64
^r:
  %v = load %m[%i] : memref<?xf64>
  %c1 = constant 1 : index
  %j = addi %i, %c1 : index
  %s = call @sum(%m, %j) : (memref<?xf64>, index) -> f64
  %t = addf %v, %s : f64
  return %t : f64
}
func @main() -> f64 {
  %n = constant 3 : index
  %m = alloc(%n) : memref<?xf64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = constant 0.1 : f64
  %b = constant 0.2 : f64
  %c = constant 0.3 : f64
  store %a, %m[%c0] : memref<?xf64>
  store %b, %m[%c1] : memref<?xf64>
  store %c, %m[%c2] : memref<?xf64>
  %r = call @sum(%m, %c0) : (memref<?xf64>, index) -> f64
  dealloc %m : memref<?xf64>
  return %r : f64
}
