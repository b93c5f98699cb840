// run: @main() -> 249999750000.0 : f64
// A memref of a million f64 filled and summed.
func @main() -> f64 {
  %n = constant 1000000 : index
  %m = alloc(%n) : memref<?xf64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %h = constant 0.5 : f64
  %z = constant 0.0 : f64
  br ^f(%c0 : index)
^f(%i: index):
  %c = cmpi "ult", %i, %n : index
  cond_br %c, ^fb, ^s(%c0, %z : index, f64)
^fb:
  %ii = index_cast %i : index to i64
  %fi = sitofp %ii : i64 to f64
  %v = mulf %fi, %h : f64
  store %v, %m[%i] : memref<?xf64>
  %i2 = addi %i, %c1 : index
  br ^f(%i2 : index)
^s(%j: index, %acc: f64):
  %c2 = cmpi "ult", %j, %n : index
  cond_br %c2, ^sb, ^e
^sb:
  %x = load %m[%j] : memref<?xf64>
  %acc2 = addf %acc, %x : f64
  %j2 = addi %j, %c1 : index
  br ^s(%j2, %acc2 : index, f64)
^e:
  dealloc %m : memref<?xf64>
  return %acc : f64
}
