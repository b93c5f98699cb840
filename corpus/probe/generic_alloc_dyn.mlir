// run: @main() -> 15 : index
// Generic-form alloc with a dynamic size and dim of both dimensions.
func @main() -> index {
  %n = "std.constant"() {value = 5 : index} : () -> index
  %m = "std.alloc"(%n) : (index) -> memref<?x3xi8>
  %d = "std.dim"(%m) {index = 0 : index} : (memref<?x3xi8>) -> index
  %e = "std.dim"(%m) {index = 1 : index} : (memref<?x3xi8>) -> index
  %s = "std.muli"(%d, %e) : (index, index) -> index
  "std.dealloc"(%m) : (memref<?x3xi8>) -> ()
  "std.return"(%s) : (index) -> ()
}
