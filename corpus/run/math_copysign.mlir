// run: @main() -> -6.5 : f64
// run: @cs32(2.5 : f32, -0.0 : f32) -> -2.5 : f32
// run: @cs32(-inf : f32, 1.0 : f32) -> inf : f32
// run: @cs32(nan : f32, -3.0 : f32) -> nan : f32
// run: @cs64(-7.25 : f64, 0.0 : f64) -> 7.25 : f64
// run: @cs64(1e-310 : f64, -1e300 : f64) -> -1e-310 : f64
// run: @cs16(1.5 : f16, -2.0 : f16) -> -1.5 : f16, 1.5 : f16
// run: @cs16(-65504.0 : f16, inf : f16) -> 65500.0 : f16, -65500.0 : f16
// run: @csvec([[1.0, -2.0, 3.0], [-0.0, inf, 5.5]] : vector<2x3xf64>, [[-1.0, -1.0, 0.0], [1.0, -0.0, -inf]] : vector<2x3xf64>) -> [[-1.0, -2.0, 3.0], [0.0, -inf, -5.5]] : vector<2x3xf64>
// run: @nansign(nan : f32, -3.0 : f32) -> -1.0 : f32
// copysign: the magnitude of the first operand with the sign of the second, a sign-bit
// operation in every format (zeros, infinities, NaN signs, f16, vectors).
func @cs32(%x: f32, %y: f32) -> f32 {
  %r = copysign %x, %y : f32
  return %r : f32
}
func @cs64(%x: f64, %y: f64) -> f64 {
  %r = copysign %x, %y : f64
  return %r : f64
}
func @cs16(%x: f16, %y: f16) -> (f16, f16) {
  %r = copysign %x, %y : f16
  %n = negf %y : f16
  %s = copysign %r, %n : f16
  return %r, %s : f16, f16
}
func @csvec(%x: vector<2x3xf64>, %y: vector<2x3xf64>) -> vector<2x3xf64> {
  %r = copysign %x, %y : vector<2x3xf64>
  return %r : vector<2x3xf64>
}
func @nansign(%x: f32, %y: f32) -> f32 {
  %r = copysign %x, %y : f32
  %one = constant 1.0 : f32
  %s = copysign %one, %r : f32
  return %s : f32
}
// The entry the LLVM 22 pipeline (mlir-translate and clang) also runs.
func @main() -> f64 {
  %x = constant 6.5 : f64
  %y = constant -0.0 : f64
  %r = call @cs64(%x, %y) : (f64, f64) -> f64
  return %r : f64
}
