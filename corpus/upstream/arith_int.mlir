// Integer arithmetic in today's upstream syntax: every arith integer op stdlower
// models, comparisons with bare predicates, select, integer casts, i1 and i128
// constants. The interpreter and the JIT must both give these answers.
// run: @divrem(-7 : i32, 2 : i32) -> -3 : i32, 2147483644 : i32, -1 : i32, 1 : i32
// run: @bits(12 : i16) -> 8 : i16, 14 : i16, 6 : i16, 48 : i16, 3 : i16, 3 : i16
// run: @cmp(3 : i64, -1 : i64) -> 0 : i1, 1 : i1, 1 : i1, 0 : i1, -1 : i64
// run: @casts(-2 : i8) -> 254 : i32, -2 : i32, -2 : i64, 2 : i4
// run: @wide() -> -170141183460469231731687303715884105728 : i128, 1 : i1, 0 : i1
func.func @divrem(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %q = arith.divsi %a, %b : i32
  %u = arith.divui %a, %b : i32
  %r = arith.remsi %a, %b : i32
  %ur = arith.remui %a, %b : i32
  func.return %q, %u, %r, %ur : i32, i32, i32, i32
}
func.func @bits(%x: i16) -> (i16, i16, i16, i16, i16, i16) {
  %c10 = arith.constant 10 : i16
  %c2 = arith.constant 2 : i16
  %and = arith.andi %x, %c10 : i16
  %or = arith.ori %x, %c10 : i16
  %xor = arith.xori %x, %c10 : i16
  %shl = arith.shli %x, %c2 : i16
  %shr = arith.shrsi %x, %c2 : i16
  %shru = arith.shrui %x, %c2 : i16
  func.return %and, %or, %xor, %shl, %shr, %shru : i16, i16, i16, i16, i16, i16
}
func.func @cmp(%a: i64, %b: i64) -> (i1, i1, i1, i1, i64) {
  %lt = arith.cmpi slt, %a, %b : i64
  %ult = arith.cmpi ult, %a, %b : i64
  %ne = arith.cmpi ne, %a, %b : i64
  %eq = arith.cmpi "eq", %a, %b : i64
  %s = arith.addi %a, %b : i64
  %d = arith.subi %a, %b : i64
  %m = arith.muli %s, %d : i64
  %c = arith.select %lt, %m, %b : i64
  func.return %lt, %ult, %ne, %eq, %c : i1, i1, i1, i1, i64
}
func.func @casts(%x: i8) -> (i32, i32, i64, i4) {
  %z = arith.extui %x : i8 to i32
  %s = arith.extsi %x : i8 to i32
  %i = arith.index_cast %s : i32 to index
  %w = arith.index_cast %i : index to i64
  %t = arith.trunci %x : i8 to i4
  %n = arith.constant -1 : i4
  %p = arith.muli %t, %n : i4
  func.return %z, %s, %w, %p : i32, i32, i64, i4
}
func.func @wide() -> (i128, i1, i1) {
  %m = arith.constant -170141183460469231731687303715884105728 : i128
  %t = arith.constant true
  %f = arith.constant false
  %x = arith.xori %t, %f : i1
  %y = arith.andi %t, %f : i1
  func.return %m, %x, %y : i128, i1, i1
}
