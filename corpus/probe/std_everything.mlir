// run: @main() -> 6 : i64
// Every op spelled with its `std.` prefix, cond_br with one successor twice.
func @main() -> i64 {
  %a = std.constant 10 : i64
  %b = std.constant 3 : i64
  %c = std.divi_unsigned %a, %b : i64
  %d = std.remi_signed %a, %b : i64
  %e = std.cmpi "sge", %c, %d : i64
  %f = std.select %e, %c, %d : i64
  %g = std.index_cast %f : i64 to index
  %m = std.alloc(%g) : memref<?xi64>
  %z = std.constant 0 : index
  std.store %f, %m[%z] : memref<?xi64>
  %h = std.load %m[%z] : memref<?xi64>
  %n = std.dim %m, 0 : memref<?xi64>
  std.dealloc %m : memref<?xi64>
  %ni = std.index_cast %n : index to i64
  %r = std.addi %h, %ni : i64
  std.br ^bb1(%r : i64)
^bb1(%x: i64):
  %t = std.constant true
  std.cond_br %t, ^bb2, ^bb2
^bb2:
  std.return %x : i64
}
