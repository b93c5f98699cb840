// run: @main() -> -488802 : i64
// alloc with an alignment attribute, over-aligned vector elements, alloca, odd-width and
// i1 elements, and a static strided layout with an offset.
func @main() -> i64 {
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %c3 = constant 3 : index
  %a = alloc() {alignment = 64} : memref<3xi17>
  %v = constant -5 : i17
  store %v, %a[%c2] : memref<3xi17>
  %w = load %a[%c2] : memref<3xi17>
  %b = alloc(%c3) : memref<?xvector<8xf32>>
  %f = constant 1.5 : f32
  %sp = splat %f : vector<8xf32>
  store %sp, %b[%c2] : memref<?xvector<8xf32>>
  %l = load %b[%c2] : memref<?xvector<8xf32>>
  %c7 = constant 7 : index
  %e = extract_element %l[%c7] : vector<8xf32>
  %s = alloca() : memref<4xi1>
  %t = constant true
  store %t, %s[%c3] : memref<4xi1>
  %tt = load %s[%c3] : memref<4xi1>
  %st = alloc() : memref<2x2xi64, offset: 3, strides: [4, 2]>
  %k = constant 99 : i64
  store %k, %st[%c1, %c1] : memref<2x2xi64, offset: 3, strides: [4, 2]>
  %kk = load %st[%c1, %c1] : memref<2x2xi64, offset: 3, strides: [4, 2]>
  %dyn = memref_cast %st : memref<2x2xi64, offset: 3, strides: [4, 2]> to memref<?x?xi64, offset: ?, strides: [?, ?]>
  %k2 = load %dyn[%c1, %c1] : memref<?x?xi64, offset: ?, strides: [?, ?]>
  dealloc %a : memref<3xi17>
  dealloc %b : memref<?xvector<8xf32>>
  dealloc %st : memref<2x2xi64, offset: 3, strides: [4, 2]>
  %w64 = sexti %w : i17 to i64
  %e64 = fptosi %e : f32 to i64
  %t64 = zexti %tt : i1 to i64
  %ten = constant 10 : i64
  %r0 = muli %w64, %ten : i64
  %r1 = addi %r0, %e64 : i64
  %r2 = muli %r1, %ten : i64
  %r3 = addi %r2, %t64 : i64
  %h = constant 1000 : i64
  %r4 = muli %r3, %h : i64
  %r5 = addi %r4, %kk : i64
  %r6 = addi %r5, %k2 : i64
  return %r6 : i64
}
