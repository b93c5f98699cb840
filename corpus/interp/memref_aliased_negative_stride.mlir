// run: @reverse([1, 2, 3, 4] : memref<4xi32>, @0(offset: 3, sizes: [4], strides: [-1]) : memref<4xi32, offset: ?, strides: [?]>) -> [21, 22, 12, 11] : memref<4xi32>
// An entry argument that is a negative-stride view of another's buffer (`--arg
// '@0(offset: 3, sizes: [4], strides: [-1])'`): every caller passes the one buffer, so
// the loop reads what its earlier iterations wrote through the other argument. A
// caller that copied the view would return [1, 2, 3, 4] unchanged. (MLIR 22's lowering
// makes this access poison: docs/findings/mlir22-negative-stride-nuw.md.)
// b[i] = a[3 - i] (a negative stride): b[i] := a[i] + 10 in order reads what earlier
// iterations wrote.
func @reverse(%a: memref<4xi32>, %b: memref<4xi32, offset: ?, strides: [?]>) -> memref<4xi32> {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c4 = constant 4 : index
  %ten = constant 10 : i32
  br ^loop(%c0 : index)
^loop(%i: index):
  %more = cmpi "slt", %i, %c4 : index
  cond_br %more, ^body, ^done
^body:
  %x = load %a[%i] : memref<4xi32>
  %y = addi %x, %ten : i32
  store %y, %b[%i] : memref<4xi32, offset: ?, strides: [?]>
  %n = addi %i, %c1 : index
  br ^loop(%n : index)
^done:
  return %a : memref<4xi32>
}
