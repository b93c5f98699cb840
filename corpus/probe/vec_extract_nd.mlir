// run: @main() -> 6 : i32, 2.5 : f64, 0 : i1
// extract_element from a 3-D vector, an f64 vector and an i1 vector.
func @main() -> (i32, f64, i1) {
  %v = constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : vector<2x2x2xi32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %e = extract_element %v[%c1, %c0, %c1] : vector<2x2x2xi32>
  %w = constant dense<[1.5, 2.5]> : vector<2xf64>
  %f = extract_element %w[%c1] : vector<2xf64>
  %b = constant dense<[true, false]> : vector<2xi1>
  %g = extract_element %b[%c1] : vector<2xi1>
  return %e, %f, %g : i32, f64, i1
}
