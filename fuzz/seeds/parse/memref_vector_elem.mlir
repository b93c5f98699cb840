// run: @main() -> 396.25 : f32
// memref<2xvector<4xf32>>: store splats, load, vector arithmetic, reduce with extract_element.
func @main() -> f32 {
  %m = alloc() : memref<2xvector<4xf32>>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %c3 = constant 3 : index
  %x = constant 1.5 : f32
  %y = constant -0.25 : f32
  %vx = splat %x : vector<4xf32>
  %vy = splat %y : vector<4xf32>
  store %vx, %m[%c0] : memref<2xvector<4xf32>>
  store %vy, %m[%c1] : memref<2xvector<4xf32>>
  %a = load %m[%c0] : memref<2xvector<4xf32>>
  %b = load %m[%c1] : memref<2xvector<4xf32>>
  %ramp = constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %s = addf %a, %b : vector<4xf32>
  %p = mulf %s, %ramp : vector<4xf32>
  store %p, %m[%c1] : memref<2xvector<4xf32>>
  %q = load %m[%c1] : memref<2xvector<4xf32>>
  %e0 = extract_element %q[%c0] : vector<4xf32>
  %e1 = extract_element %q[%c1] : vector<4xf32>
  %e2 = extract_element %q[%c2] : vector<4xf32>
  %e3 = extract_element %q[%c3] : vector<4xf32>
  %ten = constant 10.0 : f32
  %t1 = mulf %e1, %ten : f32
  %t2 = mulf %e2, %ten : f32
  %t2b = mulf %t2, %ten : f32
  %s01 = addf %e0, %t1 : f32
  %s012 = addf %s01, %t2b : f32
  %r = subf %s012, %e3 : f32
  dealloc %m : memref<2xvector<4xf32>>
  return %r : f32
}
