// run: @main() -> -1 : index, inf : f16, 5.9604645e-8 : f32, 1 : i1, -5.5 : f64, nan : f32, -128 : i8
// index_cast of i1 true is -1; 2^100 to f16 is inf; the f16 denormal extended;
// 0.0 oeq -0.0; x remf inf is x; 0/-0 is NaN; fptosi of an f16 -128.875.
func @main() -> (index, f16, f32, i1, f64, f32, i8) {
  %t = constant true
  %a = index_cast %t : i1 to index
  %b128 = constant 1267650600228229401496703205376 : i128
  %b = sitofp %b128 : i128 to f16
  %c16 = constant 0x0001 : f16
  %c = fpext %c16 : f16 to f32
  %z = constant 0.0 : f32
  %nz = constant -0.0 : f32
  %d = cmpf "oeq", %z, %nz : f32
  %inf = constant 0x7FF0000000000000 : f64
  %x = constant -5.5 : f64
  %e = remf %x, %inf : f64
  %f = divf %z, %nz : f32
  %g16 = constant -128.9 : f16
  %g = fptosi %g16 : f16 to i8
  return %a, %b, %c, %d, %e, %f, %g : index, f16, f32, i1, f64, f32, i8
}
