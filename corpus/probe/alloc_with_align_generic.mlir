// run: @main() -> 9 : i32
// Generic-form alloc with an alignment attribute.
func @main() -> i32 {
  %m = "std.alloc"() {alignment = 16 : i64} : () -> memref<4xi32>
  %c0 = constant 0 : index
  %v = constant 9 : i32
  store %v, %m[%c0] : memref<4xi32>
  %r = load %m[%c0] : memref<4xi32>
  return %r : i32
}
