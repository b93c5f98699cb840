// RUN: lower
// expected-error@+1 {{strided}}
func @f(%m: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  return
}
