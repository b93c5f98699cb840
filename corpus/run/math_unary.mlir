// run: @main() -> 25.486429936304297 : f64
// run: @f32ops(2.0 : f32) -> 1.4142135 : f32, 0.70710677 : f32, 7.389056 : f32, 4.0 : f32, 0.6931472 : f32, 1.0 : f32, 0.30103 : f32, 0.9092974 : f32, -0.41614684 : f32, 2.0 : f32
// run: @f32ops(0.3 : f32) -> 0.5477226 : f32, 1.8257418 : f32, 1.3498589 : f32, 1.2311444 : f32, -1.2039728 : f32, -1.7369655 : f32, -0.5228787 : f32, 0.29552022 : f32, 0.9553365 : f32, 1.0 : f32
// run: @f32ops(-1.5 : f32) -> nan : f32, nan : f32, 0.22313017 : f32, 0.35355338 : f32, nan : f32, nan : f32, nan : f32, -0.997495 : f32, 0.0707372 : f32, -1.0 : f32
// run: @f32ops(0.0 : f32) -> 0.0 : f32, inf : f32, 1.0 : f32, 1.0 : f32, -inf : f32, -inf : f32, -inf : f32, 0.0 : f32, 1.0 : f32, 0.0 : f32
// run: @f32ops(inf : f32) -> inf : f32, 0.0 : f32, inf : f32, inf : f32, inf : f32, inf : f32, inf : f32, nan : f32, nan : f32, inf : f32
// run: @f64ops(10.0 : f64) -> 3.1622776601683795 : f64, 0.31622776601683794 : f64, 22026.465794806718 : f64, 1024.0 : f64, 2.302585092994046 : f64, 3.321928094887362 : f64, 1.0 : f64, -0.5440211108893698 : f64, -0.8390715290764524 : f64, 10.0 : f64
// run: @f64ops(-0.0 : f64) -> -0.0 : f64, -inf : f64, 1.0 : f64, 1.0 : f64, -inf : f64, -inf : f64, -inf : f64, -0.0 : f64, 1.0 : f64, -0.0 : f64
// run: @f64ops(1e300 : f64) -> 1e150 : f64, 1e-150 : f64, inf : f64, inf : f64, 690.7755278982137 : f64, 996.5784284662087 : f64, 300.0 : f64, -0.8178819121159085 : f64, -0.5753861119575491 : f64, 1e300 : f64
// run: @f16ops(3.0 : f16) -> 1.732 : f16, 0.577 : f16, 20.08 : f16, 8.0 : f16, 1.099 : f16, 1.585 : f16, 0.477 : f16, 0.1411 : f16, -0.99 : f16, 3.0 : f16
// run: @f16ops(0.1 : f16) -> 0.3162 : f16, 3.162 : f16, 1.105 : f16, 1.071 : f16, -2.303 : f16, -3.322 : f16, -1.0 : f16, 0.0998 : f16, 0.995 : f16, 1.0 : f16
// run: @f16ops(-7.5 : f16) -> nan : f16, nan : f16, 0.000553 : f16, 0.005524 : f16, nan : f16, nan : f16, nan : f16, -0.938 : f16, 0.3467 : f16, -7.0 : f16
// run: @vec([[4.0, 0.5], [10.0, 0.0]] : vector<2x2xf32>) -> [[0.5, 1.4142135], [0.31622776, inf]] : vector<2x2xf32>, [[2.0, -1.0], [3.321928, -inf]] : vector<2x2xf32>, [[2.0, -1.0], [4.0, -inf]] : vector<2x2xf32>
// The math functions (LLVM 11's sqrt, rsqrt, exp, exp2, log, log2, log10, sin, cos,
// ceilf) on f32, f64, f16 and n-D vectors: special values (negative, zero, infinity)
// and f16, which LLVM computes in f32 and rounds once.
func @f32ops(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %a = sqrt %x : f32
  %b = rsqrt %x : f32
  %c = exp %x : f32
  %d = exp2 %x : f32
  %e = log %x : f32
  %f = log2 %x : f32
  %g = log10 %x : f32
  %h = sin %x : f32
  %i = cos %x : f32
  %j = ceilf %x : f32
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %j : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}
func @f64ops(%x: f64) -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %a = sqrt %x : f64
  %b = rsqrt %x : f64
  %c = exp %x : f64
  %d = exp2 %x : f64
  %e = log %x : f64
  %f = log2 %x : f64
  %g = log10 %x : f64
  %h = sin %x : f64
  %i = cos %x : f64
  %j = ceilf %x : f64
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %j : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}
func @f16ops(%x: f16) -> (f16, f16, f16, f16, f16, f16, f16, f16, f16, f16) {
  %a = sqrt %x : f16
  %b = rsqrt %x : f16
  %c = exp %x : f16
  %d = exp2 %x : f16
  %e = log %x : f16
  %f = log2 %x : f16
  %g = log10 %x : f16
  %h = sin %x : f16
  %i = cos %x : f16
  %j = ceilf %x : f16
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %j : f16, f16, f16, f16, f16, f16, f16, f16, f16, f16
}
func @vec(%x: vector<2x2xf32>) -> (vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>) {
  %a = rsqrt %x : vector<2x2xf32>
  %b = log2 %x : vector<2x2xf32>
  %c = ceilf %b : vector<2x2xf32>
  return %a, %b, %c : vector<2x2xf32>, vector<2x2xf32>, vector<2x2xf32>
}
// The entry the LLVM 22 pipeline (mlir-translate and clang) also runs: every function
// once on f64 and the sum of the results.
func @main() -> f64 {
  %x = constant 2.5 : f64
  %r:10 = call @f64ops(%x) : (f64) -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64)
  %s1 = addf %r#0, %r#1 : f64
  %s2 = addf %s1, %r#2 : f64
  %s3 = addf %s2, %r#3 : f64
  %s4 = addf %s3, %r#4 : f64
  %s5 = addf %s4, %r#5 : f64
  %s6 = addf %s5, %r#6 : f64
  %s7 = addf %s6, %r#7 : f64
  %s8 = addf %s7, %r#8 : f64
  %s9 = addf %s8, %r#9 : f64
  return %s9 : f64
}
