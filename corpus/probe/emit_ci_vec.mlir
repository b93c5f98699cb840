// run: @main() -> [0.5, 1.0, 1.5, 2.0] : vector<4xf32>
// llvm.emit_c_interface with vector argument and result.
func @v(%a: vector<4xf32>, %s: f32) -> vector<4xf32> attributes {llvm.emit_c_interface} {
  %b = splat %s : vector<4xf32>
  %c = mulf %a, %b : vector<4xf32>
  return %c : vector<4xf32>
}
func @main() -> vector<4xf32> {
  %a = constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %s = constant 0.5 : f32
  %r = call @v(%a, %s) : (vector<4xf32>, f32) -> vector<4xf32>
  return %r : vector<4xf32>
}
