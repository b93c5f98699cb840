// run: @main() -> 1.25 : f32
// An inline identity affine map layout.
func @main() -> f32 {
  %m = alloc() : memref<4xf32, affine_map<(d0) -> (d0)>>
  %c1 = constant 1 : index
  %a = constant 1.25 : f32
  store %a, %m[%c1] : memref<4xf32, affine_map<(d0) -> (d0)>>
  %v = load %m[%c1] : memref<4xf32, affine_map<(d0) -> (d0)>>
  return %v : f32
}
