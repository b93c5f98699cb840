// run: @main() -> 3.5 : f32
// Spaces around the `x` of dimension lists (`memref<2 x 3 x f32>`, `vector<4 x f32>`).
func @main() -> f32 {
  %m = alloc() : memref<2 x 3 x f32>
  %c1 = constant 1 : index
  %x = constant 2.5 : f32
  store %x, %m[%c1, %c1] : memref<2x3xf32>
  %v = load %m[%c1, %c1] : memref<2 x 3xf32>
  %w = constant dense<1.0> : vector<4 x f32>
  %e = extract_element %w[%c1] : vector<4xf32>
  %r = addf %v, %e : f32
  return %r : f32
}
