// run: @main() -> [1, -2, -3, 4] : vector<4xi32>, -1.5 : f64, [0.5, 0.5, 0.5, 0.5] : vector<4xf32>
// select with a vector condition, with a scalar condition on vectors, on f64.
func @main() -> (vector<4xi32>, f64, vector<4xf32>) {
  %c = constant dense<[1, 0, 0, 1]> : vector<4xi1>
  %a = constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %b = constant dense<[-1, -2, -3, -4]> : vector<4xi32>
  %r = select %c, %a, %b : vector<4xi1>, vector<4xi32>
  %t = constant false
  %x = constant 1.5 : f64
  %y = constant -1.5 : f64
  %s = select %t, %x, %y : f64
  %fa = constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %fb = constant dense<0.5> : vector<4xf32>
  %tv = constant true
  %u = select %tv, %fb, %fa : vector<4xf32>
  return %r, %s, %u : vector<4xi32>, f64, vector<4xf32>
}
