// run: @main() -> 0.3333333333333333 : f64, 6.0 : f64, 0.30000000000000004 : f64, inf : f64, 0.0 : f64, 1e-5 : f64, 0.0001 : f64, 1e16 : f64, 1000000000000000.0 : f64, 1.23456789e16 : f64, -0.0 : f64, 1.5e-323 : f64, 1.7976931348623157e308 : f64, 2.0 : f64, inf : f64
// f64 printing, each result checked against an independent shortest round-trip
// (Python's repr, in Rust's exponent spelling).
func @main() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %a0 = constant 0x3ff0000000000000 : f64
  %b0 = constant 0x4008000000000000 : f64
  %r0 = divf %a0, %b0 : f64
  %a1 = constant 0x4000000000000000 : f64
  %b1 = constant 0x4008000000000000 : f64
  %r1 = mulf %a1, %b1 : f64
  %a2 = constant 0x3fb999999999999a : f64
  %b2 = constant 0x3fc999999999999a : f64
  %r2 = addf %a2, %b2 : f64
  %a3 = constant 0x7e37e43c8800759c : f64
  %b3 = constant 0x4202a05f20000000 : f64
  %r3 = mulf %a3, %b3 : f64
  %a4 = constant 0x0000000000000001 : f64
  %b4 = constant 0x3fe0000000000000 : f64
  %r4 = mulf %a4, %b4 : f64
  %a5 = constant 0x3ee4f8b588e368f1 : f64
  %b5 = constant 0x3ff0000000000000 : f64
  %r5 = mulf %a5, %b5 : f64
  %a6 = constant 0x3f1a36e2eb1c432d : f64
  %b6 = constant 0x3ff0000000000000 : f64
  %r6 = mulf %a6, %b6 : f64
  %a7 = constant 0x430c6bf526340000 : f64
  %b7 = constant 0x4024000000000000 : f64
  %r7 = mulf %a7, %b7 : f64
  %a8 = constant 0x4341c37937e08000 : f64
  %b8 = constant 0x3fb999999999999a : f64
  %r8 = mulf %a8, %b8 : f64
  %a9 = constant 0x419d6f3454000000 : f64
  %b9 = constant 0x4197d78400000000 : f64
  %r9 = mulf %a9, %b9 : f64
  %a10 = constant 0x8000000000000000 : f64
  %b10 = constant 0x0000000000000000 : f64
  %r10 = subf %a10, %b10 : f64
  %a11 = constant 0x0000000000000001 : f64
  %b11 = constant 0x4008000000000000 : f64
  %r11 = mulf %a11, %b11 : f64
  %a12 = constant 0x7fefffffffffffff : f64
  %b12 = constant 0x3ff0000000000000 : f64
  %r12 = mulf %a12, %b12 : f64
  %a13 = constant 0x401c000000000000 : f64
  %b13 = constant 0xc004000000000000 : f64
  %r13 = remf %a13, %b13 : f64
  %a14 = constant 0x3ff0000000000000 : f64
  %b14 = constant 0x00000000000007e8 : f64
  %r14 = divf %a14, %b14 : f64
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11, %r12, %r13, %r14 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
