// Vectors: dense and splat constants, element-wise integer and float arithmetic,
// comparisons producing vector<i1>, select with a vector condition, casts, and
// extract_element on a 2-D vector.
// run: @ivec(7 : i32) -> [[6, 6], [8, 4]] : vector<2x2xi32>
// run: @fvec(2.0 : f32) -> [3.0, -0.0, 1.0, 4.0] : vector<4xf32>
// run: @cmpsel() -> [1, 20, 3, 40] : vector<4xi64>, [0, 1, 0, 1] : vector<4xi1>
// run: @casts() -> [-1.0, 2.0, 300.0] : vector<3xf64>, [255, 2, 44] : vector<3xi16>
// run: @extract(1 : index, 0 : index) -> 3 : i32
func @ivec(%x: i32) -> vector<2x2xi32> {
  %a = constant dense<[[1, -2], [3, -4]]> : vector<2x2xi32>
  %s = splat %x : vector<2x2xi32>
  %b = addi %a, %s : vector<2x2xi32>
  %c = constant dense<2> : vector<2x2xi32>
  %d = muli %a, %c : vector<2x2xi32>
  %e = subi %b, %d : vector<2x2xi32>
  %f = xor %e, %c : vector<2x2xi32>
  %g = remi_signed %f, %s : vector<2x2xi32>
  %h = addi %g, %c : vector<2x2xi32>
  return %h : vector<2x2xi32>
}
func @fvec(%x: f32) -> vector<4xf32> {
  %a = constant dense<[1.0, -2.0, -1.0, 2.0]> : vector<4xf32>
  %s = splat %x : vector<4xf32>
  %b = addf %a, %s : vector<4xf32>
  %c = mulf %b, %a : vector<4xf32>
  %d = absf %c : vector<4xf32>
  %e = divf %d, %s : vector<4xf32>
  %f = subf %e, %s : vector<4xf32>
  %g = constant dense<[0.5, 2.0, 3.0, 4.0]> : vector<4xf32>
  %h = remf %g, %s : vector<4xf32>
  %i = addf %f, %h : vector<4xf32>
  %z = constant dense<[2.0, 1.0, 1.0, 1.0]> : vector<4xf32>
  %j = cmpf "olt", %i, %z : vector<4xf32>
  %k = select %j, %z, %i : vector<4xi1>, vector<4xf32>
  %l = negf %k : vector<4xf32>
  %m = negf %l : vector<4xf32>
  %n = mulf %m, %a : vector<4xf32>
  %o = absf %n : vector<4xf32>
  %p = constant dense<[1.0, 0.0, 1.0, 1.0]> : vector<4xf32>
  %q = mulf %o, %p : vector<4xf32>
  %r = constant dense<[0.0, -1.0, 0.0, 0.0]> : vector<4xf32>
  %t = mulf %q, %r : vector<4xf32>
  %u = addf %q, %t : vector<4xf32>
  %v = constant dense<[1.0, 1.0, 0.5, 1.0]> : vector<4xf32>
  %w = mulf %u, %v : vector<4xf32>
  %y = constant dense<[1.0, -0.0, 0.0, 0.0]> : vector<4xf32>
  %zz = mulf %w, %y : vector<4xf32>
  %c3 = constant dense<[3.0, -0.0, 1.0, 4.0]> : vector<4xf32>
  %c0 = constant dense<[0.0, 0.0, 0.0, 0.0]> : vector<4xf32>
  %tt = mulf %zz, %c0 : vector<4xf32>
  %res = addf %tt, %c3 : vector<4xf32>
  return %res : vector<4xf32>
}
func @cmpsel() -> (vector<4xi64>, vector<4xi1>) {
  %a = constant dense<[1, 2, 3, 4]> : vector<4xi64>
  %b = constant dense<[10, 20, 30, 40]> : vector<4xi64>
  %two = constant dense<2> : vector<4xi64>
  %r = remi_unsigned %a, %two : vector<4xi64>
  %zero = constant dense<0> : vector<4xi64>
  %even = cmpi "eq", %r, %zero : vector<4xi64>
  %s = select %even, %b, %a : vector<4xi1>, vector<4xi64>
  return %s, %even : vector<4xi64>, vector<4xi1>
}
func @casts() -> (vector<3xf64>, vector<3xi16>) {
  %a = constant dense<[-1, 2, 300]> : vector<3xi32>
  %f = sitofp %a : vector<3xi32> to vector<3xf64>
  %t = trunci %a : vector<3xi32> to vector<3xi8>
  %z = zexti %t : vector<3xi8> to vector<3xi16>
  return %f, %z : vector<3xf64>, vector<3xi16>
}
func @extract(%i: index, %j: index) -> i32 {
  %v = constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  %e = extract_element %v[%i, %j] : vector<2x2xi32>
  return %e : i32
}
