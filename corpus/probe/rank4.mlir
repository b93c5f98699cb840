// run: @main() -> 22 : i32, [[[[-9, 1, 2], [3, 4, 5]]], [[[6, 7, 8], [9, 10, 11]]]] : memref<2x1x2x3xi32>
// A rank-4 memref filled in a loop, rank of ranked and unranked, dim 3.
func @main() -> (i32, memref<2x1x2x3xi32>) {
  %m = alloc() : memref<2x1x2x3xi32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = constant 7 : i32
  %b = constant -9 : i32
  store %a, %m[%c1, %c0, %c1, %c2] : memref<2x1x2x3xi32>
  %v0 = constant 0 : i32
  br ^z(%c0 : index)
^z(%k: index):
  %c12 = constant 12 : index
  %more = cmpi "slt", %k, %c12 : index
  cond_br %more, ^zb, ^go
^zb:
  %c6 = constant 6 : index
  %c3 = constant 3 : index
  %i0 = divi_unsigned %k, %c6 : index
  %r6 = remi_unsigned %k, %c6 : index
  %i2 = divi_unsigned %r6, %c3 : index
  %i3 = remi_unsigned %r6, %c3 : index
  %kv = index_cast %k : index to i32
  store %kv, %m[%i0, %c0, %i2, %i3] : memref<2x1x2x3xi32>
  %k2 = addi %k, %c1 : index
  br ^z(%k2 : index)
^go:
  store %b, %m[%c0, %c0, %c0, %c0] : memref<2x1x2x3xi32>
  %x = load %m[%c1, %c0, %c1, %c2] : memref<2x1x2x3xi32>
  %r = rank %m : memref<2x1x2x3xi32>
  %ri = index_cast %r : index to i32
  %s = addi %x, %ri : i32
  %u = memref_cast %m : memref<2x1x2x3xi32> to memref<*xi32>
  %r2 = rank %u : memref<*xi32>
  %d3 = dim %m, 3 : memref<2x1x2x3xi32>
  %sum = addi %r2, %d3 : index
  %si = index_cast %sum : index to i32
  %t = addi %s, %si : i32
  return %t, %m : i32, memref<2x1x2x3xi32>
}
