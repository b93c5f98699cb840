// Standard's splat takes a scalar; broadcasting a vector has no form.
func.func @f(%v: vector<4xf32>) -> vector<2x4xf32> {
  // expected-error@+1 {{a broadcast of a vector is not supported}}
  %0 = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  func.return %0 : vector<2x4xf32>
}
