// run: @main() -> [[0.0, -0.5], [1.0, 0.5], [2.0, 1.5]] : memref<?x?xf32>
// A function fills and returns memref<?x?xf32>; main returns it.
func @mk(%n: index, %m: index) -> memref<?x?xf32> {
  %a = alloc(%n, %m) : memref<?x?xf32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  br ^i(%c0 : index)
^i(%i: index):
  %ci = cmpi "slt", %i, %n : index
  cond_br %ci, ^j(%c0 : index), ^done
^j(%j: index):
  %cj = cmpi "slt", %j, %m : index
  cond_br %cj, ^b, ^inext
^b:
  %ii = index_cast %i : index to i32
  %jj = index_cast %j : index to i32
  %if = sitofp %ii : i32 to f32
  %jf = sitofp %jj : i32 to f32
  %h = constant 0.5 : f32
  %jh = mulf %jf, %h : f32
  %v = subf %if, %jh : f32
  store %v, %a[%i, %j] : memref<?x?xf32>
  %j2 = addi %j, %c1 : index
  br ^j(%j2 : index)
^inext:
  %i2 = addi %i, %c1 : index
  br ^i(%i2 : index)
^done:
  return %a : memref<?x?xf32>
}
func @main() -> memref<?x?xf32> {
  %n = constant 3 : index
  %m = constant 2 : index
  %a = call @mk(%n, %m) : (index, index) -> memref<?x?xf32>
  return %a : memref<?x?xf32>
}
