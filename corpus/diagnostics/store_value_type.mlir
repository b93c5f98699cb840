// The stored value's type is given by the memref's element type: the use is wrong.
func @main(%m: memref<4xf32>, %i: index, %v: f64) {
  // expected-error@+1:9 {{'%v' defined with type f64 but used as f32}}
  store %v, %m[%i] : memref<4xf32>
  return
}
