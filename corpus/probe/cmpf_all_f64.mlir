// run: @main() -> 47344 : i32, 42700 : i32, 38314 : i32, 38314 : i32
// Every cmpf predicate on f64 for (1, 2), (2, 1), (-0, 0) and (inf, inf), as bits.
func @bits(%a: f64, %b: f64) -> i32 {
  %p0 = cmpf "false", %a, %b : f64
  %p1 = cmpf "oeq", %a, %b : f64
  %p2 = cmpf "ogt", %a, %b : f64
  %p3 = cmpf "oge", %a, %b : f64
  %p4 = cmpf "olt", %a, %b : f64
  %p5 = cmpf "ole", %a, %b : f64
  %p6 = cmpf "one", %a, %b : f64
  %p7 = cmpf "ord", %a, %b : f64
  %p8 = cmpf "ueq", %a, %b : f64
  %p9 = cmpf "ugt", %a, %b : f64
  %p10 = cmpf "uge", %a, %b : f64
  %p11 = cmpf "ult", %a, %b : f64
  %p12 = cmpf "ule", %a, %b : f64
  %p13 = cmpf "une", %a, %b : f64
  %p14 = cmpf "uno", %a, %b : f64
  %p15 = cmpf "true", %a, %b : f64
  %v = constant dense<0> : vector<16xi1>
  %z = constant 0 : i32
  %one = constant 1 : i32
  %z0 = zexti %p0 : i1 to i32
  %z1 = zexti %p1 : i1 to i32
  %z2 = zexti %p2 : i1 to i32
  %z3 = zexti %p3 : i1 to i32
  %z4 = zexti %p4 : i1 to i32
  %z5 = zexti %p5 : i1 to i32
  %z6 = zexti %p6 : i1 to i32
  %z7 = zexti %p7 : i1 to i32
  %z8 = zexti %p8 : i1 to i32
  %z9 = zexti %p9 : i1 to i32
  %z10 = zexti %p10 : i1 to i32
  %z11 = zexti %p11 : i1 to i32
  %z12 = zexti %p12 : i1 to i32
  %z13 = zexti %p13 : i1 to i32
  %z14 = zexti %p14 : i1 to i32
  %z15 = zexti %p15 : i1 to i32
  %two = constant 2 : i32
  %a1 = muli %z15, %two : i32
  %a2 = addi %a1, %z14 : i32
  %a3 = muli %a2, %two : i32
  %a4 = addi %a3, %z13 : i32
  %a5 = muli %a4, %two : i32
  %a6 = addi %a5, %z12 : i32
  %a7 = muli %a6, %two : i32
  %a8 = addi %a7, %z11 : i32
  %a9 = muli %a8, %two : i32
  %a10 = addi %a9, %z10 : i32
  %a11 = muli %a10, %two : i32
  %a12 = addi %a11, %z9 : i32
  %a13 = muli %a12, %two : i32
  %a14 = addi %a13, %z8 : i32
  %a15 = muli %a14, %two : i32
  %a16 = addi %a15, %z7 : i32
  %a17 = muli %a16, %two : i32
  %a18 = addi %a17, %z6 : i32
  %a19 = muli %a18, %two : i32
  %a20 = addi %a19, %z5 : i32
  %a21 = muli %a20, %two : i32
  %a22 = addi %a21, %z4 : i32
  %a23 = muli %a22, %two : i32
  %a24 = addi %a23, %z3 : i32
  %a25 = muli %a24, %two : i32
  %a26 = addi %a25, %z2 : i32
  %a27 = muli %a26, %two : i32
  %a28 = addi %a27, %z1 : i32
  %a29 = muli %a28, %two : i32
  %a30 = addi %a29, %z0 : i32
  return %a30 : i32
}
func @main() -> (i32, i32, i32, i32) {
  %a = constant 1.0 : f64
  %b = constant 2.0 : f64
  %nz = constant -0.0 : f64
  %z = constant 0.0 : f64
  %inf = constant 0x7FF0000000000000 : f64
  %r0 = call @bits(%a, %b) : (f64, f64) -> i32
  %r1 = call @bits(%b, %a) : (f64, f64) -> i32
  %r2 = call @bits(%nz, %z) : (f64, f64) -> i32
  %r3 = call @bits(%inf, %inf) : (f64, f64) -> i32
  return %r0, %r1, %r2, %r3 : i32, i32, i32, i32
}
