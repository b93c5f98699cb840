// run: @main() -> 2.5 : f64, 5.0 : memref<f64>
// Rank-0 memrefs: load and store with no indices, passed and returned.
func @get(%m: memref<f64>) -> f64 {
  %v = load %m[] : memref<f64>
  return %v : f64
}
func @main() -> (f64, memref<f64>) {
  %m = alloc() : memref<f64>
  %x = constant 2.5 : f64
  store %x, %m[] : memref<f64>
  %v = call @get(%m) : (memref<f64>) -> f64
  %w = addf %v, %v : f64
  store %w, %m[] : memref<f64>
  return %v, %m : f64, memref<f64>
}
