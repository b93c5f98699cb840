// run: @main() -> -1000000000000000019884624838656 : i128, 99999996802856924650656260769173209088 : i128, -599999999999999983783277232128 : i100, 18000000000000000000 : i65, -3.689349e19 : f32, 1.2676506002282294e30 : f64
// fptosi to i128, i100 and i65 and sitofp from i66 and i101 (compiler-rt calls natively).
func @main() -> (i128, i128, i100, i65, f32, f64) {
  %a = constant -1.0e30 : f64
  %b = fptosi %a : f64 to i128
  %c = constant 1.0e38 : f32
  %d = fptosi %c : f32 to i128
  %e = constant -6.0e29 : f64
  %f = fptosi %e : f64 to i100
  %g = constant 1.8e19 : f64
  %h = fptosi %g : f64 to i65
  %i = constant -36893488147419103232 : i66
  %j = sitofp %i : i66 to f32
  %k = constant 1267650600228229401496703205375 : i101
  %l = sitofp %k : i101 to f64
  return %b, %d, %f, %h, %j, %l : i128, i128, i100, i65, f32, f64
}
