// run: @main() -> 2.5 : f32
// An identity affine map layout is no layout: memref<2x3xf32, #id> lowers as
// memref<2x3xf32>.
#id = affine_map<(d0, d1) -> (d0, d1)>

func @main() -> f32 {
  %m = alloc() : memref<2x3xf32, #id>
  %n = alloc() : memref<2x3xf32, #id>
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %a = constant 1.25 : f32
  store %a, %m[%c1, %c2] : memref<2x3xf32, #id>
  store %a, %n[%c1, %c2] : memref<2x3xf32, #id>
  %v = load %m[%c1, %c2] : memref<2x3xf32, #id>
  %w = load %n[%c1, %c2] : memref<2x3xf32, #id>
  %r = addf %v, %w : f32
  return %r : f32
}
