// run: @main() -> 1276 : i64
// Nested loops over a dynamic 2-D memref: fill a[i][j] = 10*i + j, then a weighted sum.
func @main() -> i64 {
  %n = constant 3 : index
  %m = constant 4 : index
  %a = alloc(%n, %m) : memref<?x?xi64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %ten = constant 10 : i64
  br ^fi(%c0 : index)
^fi(%i: index):
  %ci = cmpi "slt", %i, %n : index
  cond_br %ci, ^fj(%c0 : index), ^sum_start
^fj(%j: index):
  %cj = cmpi "slt", %j, %m : index
  cond_br %cj, ^fbody, ^fi_next
^fbody:
  %i64 = index_cast %i : index to i64
  %j64 = index_cast %j : index to i64
  %t = muli %i64, %ten : i64
  %v = addi %t, %j64 : i64
  store %v, %a[%i, %j] : memref<?x?xi64>
  %j2 = addi %j, %c1 : index
  br ^fj(%j2 : index)
^fi_next:
  %i2 = addi %i, %c1 : index
  br ^fi(%i2 : index)
^sum_start:
  %zero = constant 0 : i64
  br ^si(%c0, %zero : index, i64)
^si(%p: index, %acc: i64):
  %cp = cmpi "slt", %p, %n : index
  cond_br %cp, ^sj(%c0, %acc : index, i64), ^done
^sj(%q: index, %acc2: i64):
  %cq = cmpi "slt", %q, %m : index
  cond_br %cq, ^sbody, ^si_next
^sbody:
  %x = load %a[%p, %q] : memref<?x?xi64>
  %p64 = index_cast %p : index to i64
  %q64 = index_cast %q : index to i64
  %one = constant 1 : i64
  %two = constant 2 : i64
  %wp = addi %p64, %one : i64
  %wq = addi %q64, %two : i64
  %w = muli %wp, %wq : i64
  %xw = muli %x, %w : i64
  %acc3 = addi %acc2, %xw : i64
  %q2 = addi %q, %c1 : index
  br ^sj(%q2, %acc3 : index, i64)
^si_next:
  %p2 = addi %p, %c1 : index
  br ^si(%p2, %acc2 : index, i64)
^done:
  dealloc %a : memref<?x?xi64>
  return %acc : i64
}
