func @ints(%a: i17, %b: i17) -> (i17, i17, i17, i17, i17, i17, i17, i17, i17, i17, i17, i17, i17) {
  %0 = addi %a, %b : i17
  %1 = subi %a, %b : i17
  %2 = muli %a, %b : i17
  %3 = divi_signed %a, %b : i17
  %4 = divi_unsigned %a, %b : i17
  %5 = remi_signed %a, %b : i17
  %6 = remi_unsigned %a, %b : i17
  %7 = and %a, %b : i17
  %8 = or %a, %b : i17
  %9 = xor %a, %b : i17
  %10 = shift_left %a, %b : i17
  %11 = shift_right_signed %a, %b : i17
  %12 = shift_right_unsigned %a, %b : i17
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : i17, i17, i17, i17, i17, i17, i17, i17, i17, i17, i17, i17, i17
}
func @casts(%a: i8, %x: f32, %i: index) -> (i32, i32, i4, index, i64, f64, f16, i16, f32) {
  %0 = sexti %a : i8 to i32
  %1 = zexti %a : i8 to i32
  %2 = trunci %a : i8 to i4
  %3 = index_cast %a : i8 to index
  %4 = index_cast %i : index to i64
  %5 = fpext %x : f32 to f64
  %6 = fptrunc %x : f32 to f16
  %7 = fptosi %x : f32 to i16
  %8 = sitofp %a : i8 to f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : i32, i32, i4, index, i64, f64, f16, i16, f32
}
func @floats(%x: f32, %y: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i1, i1, f32) {
  %0 = addf %x, %y : f32
  %1 = subf %x, %y : f32
  %2 = mulf %x, %y : f32
  %3 = divf %x, %y : f32
  %4 = remf %x, %y : f32
  %5 = negf %x : f32
  %6 = absf %x : f32
  %7 = sqrt %x : f32
  %8 = rsqrt %x : f32
  %9 = copysign %x, %y : f32
  %10 = ceilf %x : f32
  %11 = cmpf "ult", %x, %y : f32
  %12 = cmpf "one", %x, %y : f32
  %13 = exp %x : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i1, i1, f32
}
func @loop(%n: i32) -> i32 {
  %c0 = constant 0 : i32
  %c1 = constant 1 : i32
  br ^head(%c0, %c0 : i32, i32)
^head(%i: i32, %s: i32):
  %c = cmpi "slt", %i, %n : i32
  cond_br %c, ^body, ^exit
^body:
  %s2 = addi %s, %i : i32
  %i2 = addi %i, %c1 : i32
  br ^head(%i2, %s2 : i32, i32)
^exit:
  return %s : i32
}
func @vec(%v: vector<2x3xf32>, %w: vector<4xi32>, %i: index) -> (vector<2x3xf32>, vector<4xi32>, f32, vector<4xi1>) {
  %0 = addf %v, %v : vector<2x3xf32>
  %1 = muli %w, %w : vector<4xi32>
  %c1 = constant 1 : index
  %2 = extract_element %v[%c1, %i] : vector<2x3xf32>
  %3 = cmpi "slt", %w, %1 : vector<4xi32>
  return %0, %1, %2, %3 : vector<2x3xf32>, vector<4xi32>, f32, vector<4xi1>
}
func @sel(%c: i1, %a: f16, %b: f16) -> f16 {
  %0 = select %c, %a, %b : f16
  %s = splat %a : vector<3xf16>
  return %0 : f16
}
func @callee(%a: i32, %b: f64) -> (i32, f64) {
  %c = muli %a, %a : i32
  %d = negf %b : f64
  return %c, %d : i32, f64
}
func @calls(%a: i32, %b: f64) -> (i32, f64) {
  %r:2 = call @callee(%a, %b) : (i32, f64) -> (i32, f64)
  %s = addi %r#0, %a : i32
  return %s, %r#1 : i32, f64
}
func @fcmps(%x: f16, %y: f16) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = cmpf "false", %x, %y : f16
  %1 = cmpf "oeq", %x, %y : f16
  %2 = cmpf "ogt", %x, %y : f16
  %3 = cmpf "oge", %x, %y : f16
  %4 = cmpf "olt", %x, %y : f16
  %5 = cmpf "ole", %x, %y : f16
  %6 = cmpf "one", %x, %y : f16
  %7 = cmpf "ord", %x, %y : f16
  %8 = cmpf "ueq", %x, %y : f16
  %9 = cmpf "ugt", %x, %y : f16
  %10 = cmpf "uge", %x, %y : f16
  %11 = cmpf "ult", %x, %y : f16
  %12 = cmpf "ule", %x, %y : f16
  %13 = cmpf "une", %x, %y : f16
  %14 = cmpf "uno", %x, %y : f16
  %15 = cmpf "true", %x, %y : f16
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
func @cmpis(%a: i128, %b: i128) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = cmpi "eq", %a, %b : i128
  %1 = cmpi "ne", %a, %b : i128
  %2 = cmpi "slt", %a, %b : i128
  %3 = cmpi "sle", %a, %b : i128
  %4 = cmpi "sgt", %a, %b : i128
  %5 = cmpi "sge", %a, %b : i128
  %6 = cmpi "ult", %a, %b : i128
  %7 = cmpi "ule", %a, %b : i128
  %8 = cmpi "ugt", %a, %b : i128
  %9 = cmpi "uge", %a, %b : i128
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
