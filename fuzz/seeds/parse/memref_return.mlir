// run: @main() -> 5100104225042 : i64
// A function allocates, fills and returns memref<?xi64>; another returns a static memref
// together with a scalar (two results). The caller reads and deallocates them.
func @iota(%n: index, %start: i64) -> memref<?xi64> {
  %m = alloc(%n) : memref<?xi64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  br ^loop(%c0, %start : index, i64)
^loop(%i: index, %v: i64):
  %more = cmpi "slt", %i, %n : index
  cond_br %more, ^body, ^exit
^body:
  store %v, %m[%i] : memref<?xi64>
  %one = constant 1 : i64
  %v2 = addi %v, %one : i64
  %i2 = addi %i, %c1 : index
  br ^loop(%i2, %v2 : index, i64)
^exit:
  return %m : memref<?xi64>
}
func @pair(%x: f32) -> (memref<2xf32>, i32) {
  %m = alloc() : memref<2xf32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  store %x, %m[%c0] : memref<2xf32>
  %y = mulf %x, %x : f32
  store %y, %m[%c1] : memref<2xf32>
  %k = constant 42 : i32
  return %m, %k : memref<2xf32>, i32
}
func @main() -> i64 {
  %n = constant 5 : index
  %start = constant 100 : i64
  %m = call @iota(%n, %start) : (index, i64) -> memref<?xi64>
  %d = dim %m, 0 : memref<?xi64>
  %c0 = constant 0 : index
  %c4 = constant 4 : index
  %a = load %m[%c0] : memref<?xi64>
  %b = load %m[%c4] : memref<?xi64>
  %x = constant 1.5 : f32
  %p:2 = call @pair(%x) : (f32) -> (memref<2xf32>, i32)
  %c1 = constant 1 : index
  %sq = load %p#0[%c1] : memref<2xf32>
  %h = constant 100.0 : f32
  %sqh = mulf %sq, %h : f32
  %sqi = fptosi %sqh : f32 to i64
  %k64 = sexti %p#1 : i32 to i64
  %d64 = index_cast %d : index to i64
  %kk = constant 1000 : i64
  %t0 = muli %d64, %kk : i64
  %t1 = addi %t0, %a : i64
  %t2 = muli %t1, %kk : i64
  %t3 = addi %t2, %b : i64
  %t4 = muli %t3, %kk : i64
  %t5 = addi %t4, %sqi : i64
  %t6 = muli %t5, %kk : i64
  %t7 = addi %t6, %k64 : i64
  dealloc %m : memref<?xi64>
  dealloc %p#0 : memref<2xf32>
  return %t7 : i64
}
