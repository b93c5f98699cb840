// run: @main() -> -557.0 : f32
// n-D vectors lower to arrays of 1-D vectors: element-wise ops are unrolled, splat and
// dense constants fill every row, extract_element picks the row with constant and with
// dynamic outer indices.
func @main() -> f32 {
  %a = constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  %x = constant 0.5 : f32
  %b = splat %x : vector<2x3xf32>
  %s = addf %a, %b : vector<2x3xf32>
  %p = mulf %s, %a : vector<2x3xf32>
  %n = negf %p : vector<2x3xf32>
  %c = cmpf "olt", %n, %b : vector<2x3xf32>
  %z = constant dense<0.0> : vector<2x3xf32>
  %sel = select %c, %n, %z : vector<2x3xi1>, vector<2x3xf32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c2 = constant 2 : index
  %e0 = extract_element %sel[%c1, %c2] : vector<2x3xf32>
  %two = constant 2 : index
  %one = subi %two, %c1 : index
  %i = muli %one, %c1 : index
  %e1 = extract_element %sel[%i, %c0] : vector<2x3xf32>
  %e2 = extract_element %sel[%c0, %c1] : vector<2x3xf32>
  %t = addf %e0, %e1 : f32
  %h = constant 100.0 : f32
  %e2h = mulf %e2, %h : f32
  %r = addf %t, %e2h : f32
  return %r : f32
}
