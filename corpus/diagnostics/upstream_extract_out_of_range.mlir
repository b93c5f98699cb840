// A static position must lie inside the vector.
func.func @f(%v: vector<4xf32>) -> f32 {
  // expected-error@+1 {{position 4 is out of range}}
  %0 = vector.extract %v[4] : f32 from vector<4xf32>
  func.return %0 : f32
}
