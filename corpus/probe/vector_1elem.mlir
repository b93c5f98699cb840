// run: @main() -> [5.0] : vector<1xf32>, 5.0 : f32
// One-element vectors: splat dense, list dense, subf, extract_element.
func @main() -> (vector<1xf32>, f32) {
  %a = constant dense<7.0> : vector<1xf32>
  %b = constant dense<[2.0]> : vector<1xf32>
  %c = subf %a, %b : vector<1xf32>
  %c0 = constant 0 : index
  %e = extract_element %c[%c0] : vector<1xf32>
  return %c, %e : vector<1xf32>, f32
}
