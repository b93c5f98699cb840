// Memrefs in today's upstream syntax: memref.alloc/alloca/dealloc/load/store,
// memref.dim with a constant and with a computed index, memref.cast (to a dynamic
// shape, to a strided<...> layout and to unranked), memref.rank, and functions taking
// strided<[?, 1], offset: ?> views.
// run: @fill(3 : index) -> 3 : index, 4 : index, 4 : index, 2 : index, 72 : i64
// run: @view() -> 31.0 : f32
func.func @sum(%m: memref<?x4xi64, strided<[?, 1], offset: ?>>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %rows = memref.dim %m, %c0 : memref<?x4xi64, strided<[?, 1], offset: ?>>
  %cols = memref.dim %m, %c1 : memref<?x4xi64, strided<[?, 1], offset: ?>>
  cf.br ^row(%c0, %z : index, i64)
^row(%i: index, %acc: i64):
  %more = arith.cmpi ult, %i, %rows : index
  cf.cond_br %more, ^cols(%i, %c0, %acc : index, index, i64), ^done
^cols(%r: index, %j: index, %a: i64):
  %inner = arith.cmpi ult, %j, %cols : index
  cf.cond_br %inner, ^body, ^next
^body:
  %v = memref.load %m[%r, %j] : memref<?x4xi64, strided<[?, 1], offset: ?>>
  %a2 = arith.addi %a, %v : i64
  %j2 = arith.addi %j, %c1 : index
  cf.br ^cols(%r, %j2, %a2 : index, index, i64)
^next:
  %i2 = arith.addi %r, %c1 : index
  cf.br ^row(%i2, %a : index, i64)
^done:
  func.return %acc : i64
}
func.func @fill(%n: index) -> (index, index, index, index, i64) {
  %m = memref.alloc(%n) {alignment = 32 : i64} : memref<?x4xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %five = arith.constant 5 : i64
  cf.br ^outer(%c0 : index)
^outer(%i: index):
  %more = arith.cmpi ult, %i, %n : index
  cf.cond_br %more, ^inner(%c0 : index), ^done
^inner(%j: index):
  %in = arith.cmpi ult, %j, %c4 : index
  cf.cond_br %in, ^store, ^step
^store:
  %k = arith.index_cast %i : index to i64
  %v = arith.addi %k, %five : i64
  memref.store %v, %m[%i, %j] : memref<?x4xi64>
  %j2 = arith.addi %j, %c1 : index
  cf.br ^inner(%j2 : index)
^step:
  %i2 = arith.addi %i, %c1 : index
  cf.br ^outer(%i2 : index)
^done:
  %d0 = memref.dim %m, %c0 : memref<?x4xi64>
  %idx = arith.subi %c1, %c0 : index
  %d1 = memref.dim %m, %idx : memref<?x4xi64>
  %s = memref.cast %m : memref<?x4xi64> to memref<?x4xi64, strided<[?, 1], offset: ?>>
  %total = func.call @sum(%s) : (memref<?x4xi64, strided<[?, 1], offset: ?>>) -> i64
  %u = memref.cast %m : memref<?x4xi64> to memref<*xi64>
  %r = memref.rank %u : memref<*xi64>
  %du = memref.dim %u, %c1 : memref<*xi64>
  memref.dealloc %m : memref<?x4xi64>
  func.return %d0, %d1, %du, %r, %total : index, index, index, index, i64
}
func.func @view() -> f32 {
  %a = memref.alloca() : memref<2x3xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = arith.constant 10.0 : f32
  %y = arith.constant 21.0 : f32
  memref.store %x, %a[%c0, %c2] : memref<2x3xf32>
  memref.store %y, %a[%c1, %c1] : memref<2x3xf32>
  %s = memref.cast %a : memref<2x3xf32> to memref<2x3xf32, strided<[3, 1]>>
  %p = memref.load %s[%c0, %c2] : memref<2x3xf32, strided<[3, 1]>>
  %q = memref.load %s[%c1, %c1] : memref<2x3xf32, strided<[3, 1]>>
  %r = arith.addf %p, %q : f32
  func.return %r : f32
}
