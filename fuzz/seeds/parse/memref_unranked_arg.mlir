// run: @main() -> 1019.75 : f32
// Unranked memrefs as arguments: memref_cast to memref<*x..>, cast back to a static and to a
// dynamic ranked type inside the callees (which also write through the unranked view).
func @sum4(%u: memref<*xf32>) -> f32 {
  %m = memref_cast %u : memref<*xf32> to memref<4xf32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %c3 = constant 3 : index
  %a = load %m[%c0] : memref<4xf32>
  %b = load %m[%c1] : memref<4xf32>
  %c = load %m[%c2] : memref<4xf32>
  %d = load %m[%c3] : memref<4xf32>
  %ab = addf %a, %b : f32
  %cd = addf %c, %d : f32
  %s = addf %ab, %cd : f32
  return %s : f32
}
func @bump_last(%u: memref<*xi32>) -> i32 {
  %m = memref_cast %u : memref<*xi32> to memref<?xi32>
  %n = dim %m, 0 : memref<?xi32>
  %c1 = constant 1 : index
  %last = subi %n, %c1 : index
  %v = load %m[%last] : memref<?xi32>
  %k = constant 1000 : i32
  %w = addi %v, %k : i32
  store %w, %m[%last] : memref<?xi32>
  %ni = index_cast %n : index to i32
  return %ni : i32
}
func @main() -> f32 {
  %m = alloc() : memref<4xf32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %c3 = constant 3 : index
  %f0 = constant 0.5 : f32
  %f1 = constant 1.25 : f32
  %f2 = constant -2.0 : f32
  %f3 = constant 8.0 : f32
  store %f0, %m[%c0] : memref<4xf32>
  store %f1, %m[%c1] : memref<4xf32>
  store %f2, %m[%c2] : memref<4xf32>
  store %f3, %m[%c3] : memref<4xf32>
  %u = memref_cast %m : memref<4xf32> to memref<*xf32>
  %s = call @sum4(%u) : (memref<*xf32>) -> f32
  %c5 = constant 5 : index
  %n = alloc(%c5) : memref<?xi32>
  %seven = constant 7 : i32
  %c4 = constant 4 : index
  store %seven, %n[%c4] : memref<?xi32>
  %un = memref_cast %n : memref<?xi32> to memref<*xi32>
  %len = call @bump_last(%un) : (memref<*xi32>) -> i32
  %back = load %n[%c4] : memref<?xi32>
  %tot = addi %back, %len : i32
  %tf = sitofp %tot : i32 to f32
  %r = addf %s, %tf : f32
  dealloc %m : memref<4xf32>
  dealloc %n : memref<?xi32>
  return %r : f32
}
