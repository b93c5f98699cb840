// run: @main() -> -1300.375 : f32
// Vector arithmetic on vector<4xf32> (constant dense, splat, addf, subf, mulf, divf, negf)
// reduced lane by lane with extract_element.
func @main() -> f32 {
  %a = constant dense<[0.5, -1.0, 2.0, 4.0]> : vector<4xf32>
  %bs = constant 3.0 : f32
  %b = splat %bs : vector<4xf32>
  %c = constant dense<2.0> : vector<4xf32>
  %s = addf %a, %b : vector<4xf32>
  %d = subf %s, %c : vector<4xf32>
  %p = mulf %d, %a : vector<4xf32>
  %q = divf %p, %c : vector<4xf32>
  %n = negf %q : vector<4xf32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %c3 = constant 3 : index
  %e0 = extract_element %n[%c0] : vector<4xf32>
  %e1 = extract_element %n[%c1] : vector<4xf32>
  %e2 = extract_element %n[%c2] : vector<4xf32>
  %e3 = extract_element %n[%c3] : vector<4xf32>
  %s01 = addf %e0, %e1 : f32
  %s23 = addf %e2, %e3 : f32
  %h = constant 100.0 : f32
  %s23h = mulf %s23, %h : f32
  %r = addf %s01, %s23h : f32
  return %r : f32
}
