// run: @main() -> 5 : i32
// External declarations nothing calls, with unnamed and named arguments.
func @ext_a(memref<?xf32>, i32) -> f32
func @ext_b(%x: i64) -> (i64, i1)
func @main() -> i32 {
  %a = constant 5 : i32
  return %a : i32
}
