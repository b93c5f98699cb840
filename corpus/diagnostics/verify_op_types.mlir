// One wrong type per op kind; the verifier reports every one, each at its op's name.
func @cmpi_float(%a: f32) -> i1 {
  // expected-error@+1:8 {{'std.cmpi' op operands must be integer, index or vector of integers, found f32}}
  %0 = cmpi "slt", %a, %a : f32
  return %0 : i1
}
func @cmpf_int(%a: i32) -> i1 {
  // expected-error@+1:8 {{'std.cmpf' op operands must be float or vector of floats, found i32}}
  %0 = cmpf "olt", %a, %a : i32
  return %0 : i1
}
func @trunci_wider(%a: i32) -> i64 {
  // expected-error@+1:8 {{'std.trunci' op truncates an integer to a strictly narrower integer type, found i32 -> i64}}
  %0 = trunci %a : i32 to i64
  return %0 : i64
}
func @zexti_narrower(%a: i32) -> i16 {
  // expected-error@+1:8 {{'std.zexti' op extends an integer to a strictly wider integer type, found i32 -> i16}}
  %0 = zexti %a : i32 to i16
  return %0 : i16
}
func @sitofp_from_float(%a: f32) -> f64 {
  // expected-error@+1:8 {{'std.sitofp' op casts an integer to a float, found f32 -> f64}}
  %0 = sitofp %a : f32 to f64
  return %0 : f64
}
func @fptrunc_wider(%a: f32) -> f64 {
  // expected-error@+1:8 {{'std.fptrunc' op truncates a float to a strictly narrower float type, found f32 -> f64}}
  %0 = fptrunc %a : f32 to f64
  return %0 : f64
}
func @cast_shape(%a: vector<4xi8>) -> vector<2xi32> {
  // expected-error@+1:8 {{operand and result must both be scalars or vectors of one shape}}
  %0 = sexti %a : vector<4xi8> to vector<2xi32>
  return %0 : vector<2xi32>
}
func @addf_int(%a: index) -> index {
  // expected-error@+1:8 {{'std.addf' op operands must be float or vector of floats, found index}}
  %0 = addf %a, %a : index
  return %0 : index
}
