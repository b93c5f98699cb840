// RUN: export
// `stdlower export` writes an LLVM 11 module in today's upstream syntax: renamed ops,
// bare predicates, a materialized index for dim, broadcast for splat, vector.extract
// (a cascade of selects where an outer position is dynamic, which MLIR 22 cannot
// lower), func.constant, private declarations, strided<...> layouts, hexadecimal
// NaN, i1 and i128 constants, and unregistered ops in generic form.
func.func private @ext(i32) -> i32
func @ops(%a: i32, %b: i32, %f: f32) -> (i32, i1, f32) attributes {llvm.emit_c_interface} {
  %q = divi_signed %a, %b : i32
  %s = shift_right_unsigned %a, %b : i32
  %z = zexti %b : i32 to i64
  %lt = cmpi "slt", %a, %b : i32
  %r = select %lt, %q, %s : i32
  %e = fpext %f : f32 to f64
  %t = fptrunc %e : f64 to f32
  %abs = absf %t : f32
  %nan = constant 0x7FC00000 : f32
  %true = constant true
  %big = constant 170141183460469231731687303715884105727 : i128
  %fn = constant @ext : (i32) -> i32
  return %r, %true, %abs : i32, i1, f32
}
func @mem(%m: memref<?x4xf32, offset: ?, strides: [?, 1]>, %n: memref<2x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 + 4)>>) -> index {
  %p = alloc() {alignment = 64} : memref<4xi8>
  %d = dim %m, 0 : memref<?x4xf32, offset: ?, strides: [?, 1]>
  dealloc %p : memref<4xi8>
  "test.use"(%n) : (memref<2x8xf32, affine_map<(d0, d1) -> (d0 * 8 + d1 + 4)>>) -> ()
  return %d : index
}
func @vec(%x: f32, %i: index, %j: index) -> (f32, f32) {
  %v = splat %x : vector<2x3xf32>
  %c1 = constant 1 : index
  %e = extract_element %v[%i, %j] : vector<2x3xf32>
  %s = extract_element %v[%c1, %j] : vector<2x3xf32>
  return %e, %s : f32, f32
}
// CHECK: func.func private @ext(i32) -> i32
// CHECK-LABEL: func.func @ops(%arg0: i32, %arg1: i32, %arg2: f32) -> (i32, i1, f32) attributes {llvm.emit_c_interface} {
// CHECK-NEXT: %0 = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.shrui %arg0, %arg1 : i32
// CHECK-NEXT: %2 = arith.extui %arg1 : i32 to i64
// CHECK-NEXT: %3 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT: %4 = arith.select %3, %0, %1 : i32
// CHECK-NEXT: %5 = arith.extf %arg2 : f32 to f64
// CHECK-NEXT: %6 = arith.truncf %5 : f64 to f32
// CHECK-NEXT: %7 = math.absf %6 : f32
// CHECK-NEXT: %8 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %9 = arith.constant true
// CHECK-NEXT: %10 = arith.constant 170141183460469231731687303715884105727 : i128
// CHECK-NEXT: %11 = func.constant @ext : (i32) -> i32
// CHECK-NEXT: func.return %4, %9, %7 : i32, i1, f32
// CHECK-LABEL: func.func @mem(%arg0: memref<?x4xf32, strided<[?, 1], offset: ?>>, %arg1: memref<2x8xf32, strided<[8, 1], offset: 4>>) -> index {
// CHECK-NEXT: %0 = memref.alloc() {alignment = 64 : i64} : memref<4xi8>
// CHECK-NEXT: %1 = arith.constant 0 : index
// CHECK-NEXT: %2 = memref.dim %arg0, %1 : memref<?x4xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: memref.dealloc %0 : memref<4xi8>
// CHECK-NEXT: "test.use"(%arg1) : (memref<2x8xf32, strided<[8, 1], offset: 4>>) -> ()
// CHECK-LABEL: func.func @vec(
// CHECK-NEXT: %0 = vector.broadcast %arg0 : f32 to vector<2x3xf32>
// CHECK-NEXT: %1 = vector.extract %0[0, %arg2] : f32 from vector<2x3xf32>
// CHECK-NEXT: %2 = vector.extract %0[1, %arg2] : f32 from vector<2x3xf32>
// CHECK-NEXT: %3 = arith.constant 1 : index
// CHECK-NEXT: %4 = arith.cmpi eq, %arg1, %3 : index
// CHECK-NEXT: %5 = arith.select %4, %2, %1 : f32
// CHECK-NEXT: %6 = vector.extract %0[1, %arg2] : f32 from vector<2x3xf32>
// CHECK-NEXT: func.return %5, %6 : f32, f32
