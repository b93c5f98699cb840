// Vectors in today's upstream syntax: dense constants, vector.broadcast of a scalar
// (Standard's splat), vector.extract with static, dynamic and mixed positions
// (Standard's extract_element), and element-wise arith on vectors.
// run: @extract(1 : index, 2 : index) -> 6 : i32, 6 : i32, 4 : i32, 3 : i32
// run: @arith(2.0 : f32) -> 1.0 : f32, 1 : i1
func.func @extract(%i: index, %j: index) -> (i32, i32, i32, i32) {
  %v = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %dyn = vector.extract %v[%i, %j] : i32 from vector<2x3xi32>
  %st = vector.extract %v[1, 2] : i32 from vector<2x3xi32>
  %m1 = vector.extract %v[%i, 0] : i32 from vector<2x3xi32>
  %m2 = vector.extract %v[0, %j] : i32 from vector<2x3xi32>
  func.return %dyn, %st, %m1, %m2 : i32, i32, i32, i32
}
func.func @arith(%x: f32) -> (f32, i1) {
  %b = vector.broadcast %x : f32 to vector<4xf32>
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %s = arith.addf %b, %c : vector<4xf32>
  %lt = arith.cmpf olt, %b, %c : vector<4xf32>
  %sel = arith.select %lt, %s, %c : vector<4xi1>, vector<4xf32>
  %n = arith.negf %sel : vector<4xf32>
  %a = math.absf %n : vector<4xf32>
  %e = vector.extract %a[0] : f32 from vector<4xf32>
  %t = arith.constant dense<true> : vector<2xi1>
  %f = vector.extract %t[1] : i1 from vector<2xi1>
  func.return %e, %f : f32, i1
}
