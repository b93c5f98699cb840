// run: @main() -> -2979014 : i64
// Functions taking memref<?xi64>: one scales in place, one sums using dim.
func @scale(%m: memref<?xi64>, %k: i64) {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %n = dim %m, 0 : memref<?xi64>
  br ^loop(%c0 : index)
^loop(%i: index):
  %more = cmpi "slt", %i, %n : index
  cond_br %more, ^body, ^exit
^body:
  %v = load %m[%i] : memref<?xi64>
  %w = muli %v, %k : i64
  store %w, %m[%i] : memref<?xi64>
  %i2 = addi %i, %c1 : index
  br ^loop(%i2 : index)
^exit:
  return
}
func @sum(%m: memref<?xi64>) -> i64 {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %zero = constant 0 : i64
  %n = dim %m, 0 : memref<?xi64>
  br ^loop(%c0, %zero : index, i64)
^loop(%i: index, %acc: i64):
  %more = cmpi "slt", %i, %n : index
  cond_br %more, ^body, ^exit
^body:
  %v = load %m[%i] : memref<?xi64>
  %acc2 = addi %acc, %v : i64
  %i2 = addi %i, %c1 : index
  br ^loop(%i2, %acc2 : index, i64)
^exit:
  return %acc : i64
}
func @main() -> i64 {
  %n = constant 6 : index
  %m = alloc(%n) : memref<?xi64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  br ^fill(%c0 : index)
^fill(%i: index):
  %more = cmpi "slt", %i, %n : index
  cond_br %more, ^body, ^go
^body:
  %iv = index_cast %i : index to i64
  %three = constant 3 : i64
  %v = subi %iv, %three : i64
  store %v, %m[%i] : memref<?xi64>
  %i2 = addi %i, %c1 : index
  br ^fill(%i2 : index)
^go:
  %before = call @sum(%m) : (memref<?xi64>) -> i64
  %k = constant -7 : i64
  call @scale(%m, %k) : (memref<?xi64>, i64) -> ()
  %after = call @sum(%m) : (memref<?xi64>) -> i64
  %c5 = constant 5 : index
  %last = load %m[%c5] : memref<?xi64>
  dealloc %m : memref<?xi64>
  %h = constant 1000 : i64
  %a = muli %before, %h : i64
  %b = addi %a, %after : i64
  %c = muli %b, %h : i64
  %r = addi %c, %last : i64
  return %r : i64
}
