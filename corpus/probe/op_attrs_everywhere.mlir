// run: @main() -> 11 : i32
// An attribute dictionary on every kind of op, where LLVM 11's syntax puts it.
func @id(%a: i32) -> i32 {
  return {test.r} %a : i32
}
func @main() -> i32 {
  %c0 = constant {test.a} 0 : index
  %c1 = constant 1 : index
  %m = alloc(%c1) {test.b} : memref<?xi32>
  %k = alloca() {test.c = 1 : i64} : memref<2xi32>
  %v = constant 5 : i32
  store %v, %m[%c0] {test.d} : memref<?xi32>
  %l = load %m[%c0] {test.e} : memref<?xi32>
  %d = dim %m, 0 {test.f} : memref<?xi32>
  %u = memref_cast %m {test.g} : memref<?xi32> to memref<*xi32>
  %r = rank %u {test.h} : memref<*xi32>
  %f = sitofp %l {test.i} : i32 to f32
  %s = splat %f {test.j} : vector<4xf32>
  %e = extract_element %s[%c0] {test.k} : vector<4xf32>
  %t = constant true
  %x = select %t, %l, %v {test.l} : i32
  %fi = fptosi %e {test.m} : f32 to i32
  %g = constant @id : (i32) -> i32
  %y = call_indirect %g(%x) {test.n} : (i32) -> i32
  %z = call @id(%y) {test.o} : (i32) -> i32
  %n = negf %e {test.p} : f32
  %ri = index_cast %r {test.q} : index to i32
  %w = addi %z, %ri {test.s} : i32
  %w2 = addi %w, %fi : i32
  dealloc %m {test.t} : memref<?xi32>
  br ^bb1(%w2 : i32) {test.u}
^bb1(%q: i32):
  cond_br %t, ^bb2, ^bb2 {test.v}
^bb2:
  return %q : i32
}
