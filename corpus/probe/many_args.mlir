// run: @main() -> 4999930293 : i64, 8.875 : f64, 0 : i128, 49 : i8, 0 : i1, 0.25 : f16, 13 : index, [14, -16] : vector<2xi32>
// A call with twelve arguments of every kind (i8 to i128, f16 to f64, index, i1, a\n2-D memref, a vector) and eight results.
func @f(%a: i8, %b: i16, %c: i32, %d: i64, %e: f16, %f: f32, %g: f64, %h: index, %i: i1, %m: memref<?x?xf32>, %v: vector<2xi32>, %k: i128) -> (i64, f64, i128, i8, i1, f16, index, vector<2xi32>) {
  %a64 = sexti %a : i8 to i64
  %b64 = sexti %b : i16 to i64
  %c64 = sexti %c : i32 to i64
  %s1 = addi %a64, %b64 : i64
  %s2 = addi %s1, %c64 : i64
  %s3 = addi %s2, %d : i64
  %e64 = fpext %e : f16 to f64
  %f64 = fpext %f : f32 to f64
  %t1 = addf %e64, %f64 : f64
  %t2 = addf %t1, %g : f64
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %x = load %m[%c1, %c0] : memref<?x?xf32>
  %x64 = fpext %x : f32 to f64
  %t3 = addf %t2, %x64 : f64
  %d0 = dim %m, 1 : memref<?x?xf32>
  %hh = addi %h, %d0 : index
  %vv = addi %v, %v : vector<2xi32>
  %kk = muli %k, %k : i128
  %nb = xor %i, %i : i1
  %a2 = muli %a, %a : i8
  %e2 = mulf %e, %e : f16
  return %s3, %t3, %kk, %a2, %nb, %e2, %hh, %vv : i64, f64, i128, i8, i1, f16, index, vector<2xi32>
}
func @main() -> (i64, f64, i128, i8, i1, f16, index, vector<2xi32>) {
  %a = constant -7 : i8
  %b = constant 300 : i16
  %c = constant -70000 : i32
  %d = constant 5000000000 : i64
  %e = constant 0.5 : f16
  %f = constant 0.25 : f32
  %g = constant 0.125 : f64
  %h = constant 10 : index
  %i = constant true
  %c2 = constant 2 : index
  %c3 = constant 3 : index
  %m = alloc(%c2, %c3) : memref<?x?xf32>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %x = constant 8.0 : f32
  store %x, %m[%c1, %c0] : memref<?x?xf32>
  %v = constant dense<[7, -8]> : vector<2xi32>
  %k = constant 18446744073709551616 : i128
  %r:8 = call @f(%a, %b, %c, %d, %e, %f, %g, %h, %i, %m, %v, %k) : (i8, i16, i32, i64, f16, f32, f64, index, i1, memref<?x?xf32>, vector<2xi32>, i128) -> (i64, f64, i128, i8, i1, f16, index, vector<2xi32>)
  dealloc %m : memref<?x?xf32>
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : i64, f64, i128, i8, i1, f16, index, vector<2xi32>
}
