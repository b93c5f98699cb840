// run: @main() -> 5030 : i64
// alloc with a runtime size, dim, fill a[i] = i*i and sum.
func @main() -> i64 {
  %two = constant 2 : index
  %three = constant 3 : index
  %n = addi %two, %three : index
  %m = alloc(%n) : memref<?xi64>
  %d = dim %m, 0 : memref<?xi64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %zero = constant 0 : i64
  br ^fill(%c0 : index)
^fill(%i: index):
  %more = cmpi "ult", %i, %d : index
  cond_br %more, ^fbody, ^sum(%c0, %zero : index, i64)
^fbody:
  %iv = index_cast %i : index to i64
  %sq = muli %iv, %iv : i64
  store %sq, %m[%i] : memref<?xi64>
  %i2 = addi %i, %c1 : index
  br ^fill(%i2 : index)
^sum(%j: index, %acc: i64):
  %more2 = cmpi "ult", %j, %d : index
  cond_br %more2, ^sbody, ^done
^sbody:
  %v = load %m[%j] : memref<?xi64>
  %acc2 = addi %acc, %v : i64
  %j2 = addi %j, %c1 : index
  br ^sum(%j2, %acc2 : index, i64)
^done:
  dealloc %m : memref<?xi64>
  %d64 = index_cast %d : index to i64
  %k = constant 1000 : i64
  %t = muli %d64, %k : i64
  %r = addi %t, %acc : i64
  return %r : i64
}
