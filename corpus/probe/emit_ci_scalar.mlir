// run: @main() -> 51.25 : f64
// llvm.emit_c_interface on functions with two scalar results and a memref result,
// called directly.
func @f(%a: i32, %b: f64) -> (i32, f64) attributes {llvm.emit_c_interface} {
  %c = addi %a, %a : i32
  %d = mulf %b, %b : f64
  return %c, %d : i32, f64
}
func @g(%m: memref<3xf32>, %i: index) -> memref<3xf32> attributes {llvm.emit_c_interface} {
  %x = constant 7.0 : f32
  store %x, %m[%i] : memref<3xf32>
  return %m : memref<3xf32>
}
func @main() -> f64 attributes {llvm.emit_c_interface} {
  %a = constant 21 : i32
  %b = constant 1.5 : f64
  %r:2 = call @f(%a, %b) : (i32, f64) -> (i32, f64)
  %m = alloc() : memref<3xf32>
  %c1 = constant 1 : index
  %n = call @g(%m, %c1) : (memref<3xf32>, index) -> memref<3xf32>
  %v = load %n[%c1] : memref<3xf32>
  %vd = fpext %v : f32 to f64
  %ri = sitofp %r#0 : i32 to f64
  %s = addf %ri, %r#1 : f64
  %t = addf %s, %vd : f64
  return %t : f64
}
