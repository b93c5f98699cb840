// Standard's extract_element yields one element; a sub-vector extract has no form.
func.func @f(%v: vector<2x4xf32>) -> vector<4xf32> {
  // expected-error@+1 {{only a single element}}
  %0 = vector.extract %v[1] : vector<4xf32> from vector<2x4xf32>
  func.return %0 : vector<4xf32>
}
