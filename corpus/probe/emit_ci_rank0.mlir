// run: @main() -> 3.25 : f32
// llvm.emit_c_interface with a rank-0 memref argument, also on main.
func @get(%m: memref<f32>) -> f32 attributes {llvm.emit_c_interface} {
  %v = load %m[] : memref<f32>
  return %v : f32
}
func @main() -> f32 attributes {llvm.emit_c_interface} {
  %m = alloc() : memref<f32>
  %x = constant 3.25 : f32
  store %x, %m[] : memref<f32>
  %r = call @get(%m) : (memref<f32>) -> f32
  return %r : f32
}
