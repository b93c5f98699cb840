// run: @main() -> 1.4142135 : f32, 0.70710677 : f32, 1.6487212707001282 : f64, 1.4142135623730951 : f64, 1.609 : f16, 1.0 : f32, -3.0 : f64, -0.959 : f16, -0.41614684 : f32, -3.0 : f64, [[2.0, -1.0], [0.0, 4.0]] : vector<2x2xf32>, -2.0 : f32, -5.0 : f16
// The math ops in custom and generic form, on constants of f32, f64, f16 and a 2-D
// vector: square roots, exponentials, logarithms, sine, cosine, ceiling and copysign.
func @main() -> (f32, f32, f64, f64, f16, f32, f64, f16, f32, f64, vector<2x2xf32>, f32, f16) {
  %a = constant 2.0 : f32
  %s = sqrt %a : f32
  %r = "std.rsqrt"(%a) : (f32) -> f32
  %b = constant 0.5 : f64
  %e = exp %b : f64
  %e2 = "std.exp2"(%b) : (f64) -> f64
  %h = constant 5.0 : f16
  %l = log %h : f16
  %l2 = log2 %a : f32
  %c = constant 1.0e-3 : f64
  %l10 = log10 %c : f64
  %sn = sin %h : f16
  %cs = cos %a : f32
  %ce = ceilf %l10 : f64
  %v = constant dense<[[1.5, -1.5], [0.0, 3.25]]> : vector<2x2xf32>
  %vc = ceilf %v : vector<2x2xf32>
  %m = constant -0.0 : f32
  %cp = copysign %a, %m : f32
  %mh = constant -1.0 : f16
  %cph = "std.copysign"(%h, %mh) : (f16, f16) -> f16
  return %s, %r, %e, %e2, %l, %l2, %l10, %sn, %cs, %ce, %vc, %cp, %cph : f32, f32, f64, f64, f16, f32, f64, f16, f32, f64, vector<2x2xf32>, f32, f16
}
