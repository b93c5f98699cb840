// run: @main() -> 59 : i32
// run: @sum([1, 2, 3, 4] : memref<?xi32, 3>) -> 10 : i32
// run: @make(3 : index, 9 : i32) -> [9, 9, 9] : memref<?xi32, 3>
// run: @fill_alloca(4 : index) -> 12 : i64
// Memrefs in memory spaces 3 and 5 run like any other on the host: passed to a call
// (expanded into address space 3 pointers), returned, cast to unranked and back
// (the ranked descriptor in the stack slot keeps its address space 3 pointers), freed
// through the unranked memref, and on the stack with alloca. `sum` has a C wrapper,
// which the `check` command's c-interface oracle calls.
func @sum(%m: memref<?xi32, 3>) -> i32 attributes {llvm.emit_c_interface} {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %n = dim %m, %c0 : memref<?xi32, 3>
  %z = constant 0 : i32
  br ^loop(%c0, %z : index, i32)
^loop(%i: index, %acc: i32):
  %done = cmpi "sge", %i, %n : index
  cond_br %done, ^exit, ^body
^body:
  %v = load %m[%i] : memref<?xi32, 3>
  %a = addi %acc, %v : i32
  %i1 = addi %i, %c1 : index
  br ^loop(%i1, %a : index, i32)
^exit:
  return %acc : i32
}
func @make(%n: index, %x: i32) -> memref<?xi32, 3> {
  %m = alloc(%n) : memref<?xi32, 3>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  br ^loop(%c0 : index)
^loop(%i: index):
  %done = cmpi "sge", %i, %n : index
  cond_br %done, ^exit, ^body
^body:
  store %x, %m[%i] : memref<?xi32, 3>
  %i1 = addi %i, %c1 : index
  br ^loop(%i1 : index)
^exit:
  return %m : memref<?xi32, 3>
}
func @fill_alloca(%n: index) -> i64 {
  %a = alloca(%n) : memref<?xi64, 5>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %u = memref_cast %a : memref<?xi64, 5> to memref<*xi64, 5>
  %d = dim %u, %c0 : memref<*xi64, 5>
  %k = constant 3 : i64
  store %k, %a[%c1] : memref<?xi64, 5>
  %r = memref_cast %u : memref<*xi64, 5> to memref<?xi64, 5>
  %v = load %r[%c1] : memref<?xi64, 5>
  %di = index_cast %d : index to i64
  %p = muli %v, %di : i64
  return %p : i64
}
func @main() -> i32 {
  %c4 = constant 4 : index
  %c7 = constant 7 : i32
  %m = call @make(%c4, %c7) : (index, i32) -> memref<?xi32, 3>
  %s = call @sum(%m) : (memref<?xi32, 3>) -> i32
  %u = memref_cast %m : memref<?xi32, 3> to memref<*xi32, 3>
  %r = memref_cast %u : memref<*xi32, 3> to memref<?xi32, 3>
  %c2 = constant 2 : index
  %c10 = constant 10 : i32
  store %c10, %r[%c2] : memref<?xi32, 3>
  %s2 = call @sum(%m) : (memref<?xi32, 3>) -> i32
  %t = addi %s, %s2 : i32
  dealloc %u : memref<*xi32, 3>
  return %t : i32
}
