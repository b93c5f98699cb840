// run: @main() -> [1, 1, 1, 1] : vector<4xi1>, [1.0, 0.0, inf, 3.0] : vector<4xf32>, [0.0, nan, nan, 0.0] : vector<4xf32>
// Vector cmpf against NaN, absf and remf with -0.0 and inf.
func @main() -> (vector<4xi1>, vector<4xf32>, vector<4xf32>) {
  %z = constant 0.0 : f32
  %nan = divf %z, %z : f32
  %n = splat %nan : vector<4xf32>
  %a = constant dense<[1.0, -0.0, 0x7F800000, 3.0]> : vector<4xf32>
  %c = cmpf "ueq", %a, %n : vector<4xf32>
  %d = absf %a : vector<4xf32>
  %e = remf %a, %a : vector<4xf32>
  return %c, %d, %e : vector<4xi1>, vector<4xf32>, vector<4xf32>
}
