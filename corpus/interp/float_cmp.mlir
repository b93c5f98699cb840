// cmpf: ordered and unordered predicates, with and without NaN; -0.0 == 0.0.
// run: @cmp(1.0 : f64, 2.0 : f64) -> 0 : i1, 0 : i1, 0 : i1, 1 : i1, 1 : i1, 1 : i1, 1 : i1, 0 : i1, 0 : i1, 0 : i1, 1 : i1, 1 : i1, 0 : i1, 1 : i1
// run: @cmp(nan : f64, 2.0 : f64) -> 0 : i1, 0 : i1, 0 : i1, 0 : i1, 0 : i1, 0 : i1, 0 : i1, 1 : i1, 1 : i1, 1 : i1, 1 : i1, 1 : i1, 1 : i1, 1 : i1
// run: @zero(-0.0 : f32, 0.0 : f32) -> 1 : i1, 0 : i1, 1 : i1
// run: @bounds() -> 0 : i1, 1 : i1
func @cmp(%a: f64, %b: f64) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = cmpf "oeq", %a, %b : f64
  %1 = cmpf "ogt", %a, %b : f64
  %2 = cmpf "oge", %a, %b : f64
  %3 = cmpf "olt", %a, %b : f64
  %4 = cmpf "ole", %a, %b : f64
  %5 = cmpf "one", %a, %b : f64
  %6 = cmpf "ord", %a, %b : f64
  %7 = cmpf "ueq", %a, %b : f64
  %8 = cmpf "ugt", %a, %b : f64
  %9 = cmpf "uge", %a, %b : f64
  %10 = cmpf "ult", %a, %b : f64
  %11 = cmpf "ule", %a, %b : f64
  %12 = cmpf "uno", %a, %b : f64
  %13 = cmpf "une", %a, %b : f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
func @zero(%a: f32, %b: f32) -> (i1, i1, i1) {
  %e = cmpf "oeq", %a, %b : f32
  %n = cmpf "une", %a, %b : f32
  %l = cmpf "ole", %a, %b : f32
  return %e, %n, %l : i1, i1, i1
}
func @bounds() -> (i1, i1) {
  %f = constant 1.0 : f16
  %a = cmpf "false", %f, %f : f16
  %b = cmpf "true", %f, %f : f16
  return %a, %b : i1, i1
}
