// run: @main() -> 2.75 : f32
// Generic-form alloc, store, load, dim (index attribute) and dealloc.
func @main() -> f32 {
  %m = "std.alloc"() : () -> memref<4xf32>
  %i = "std.constant"() {value = 2 : index} : () -> index
  %v = "std.constant"() {value = 2.75 : f32} : () -> f32
  "std.store"(%v, %m, %i) : (f32, memref<4xf32>, index) -> ()
  %r = "std.load"(%m, %i) : (memref<4xf32>, index) -> f32
  %d = "std.dim"(%m) {index = 0 : index} : (memref<4xf32>) -> index
  "std.dealloc"(%m) : (memref<4xf32>) -> ()
  "std.return"(%r) : (f32) -> ()
}
