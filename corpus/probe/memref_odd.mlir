// run: @main() -> [-65536, 65535] : memref<2xi17>, [-170141183460469231731687303715884105728, 170141183460469231731687303715884105727] : memref<2xi128>, -1 : i17
// memrefs of i17 and i128 elements.
func @main() -> (memref<2xi17>, memref<2xi128>, i17) {
  %m = alloc() : memref<2xi17>
  %n = alloc() : memref<2xi128>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = constant -65536 : i17
  %b = constant 65535 : i17
  store %a, %m[%c0] : memref<2xi17>
  store %b, %m[%c1] : memref<2xi17>
  %x = constant -170141183460469231731687303715884105728 : i128
  %y = constant 170141183460469231731687303715884105727 : i128
  store %x, %n[%c0] : memref<2xi128>
  store %y, %n[%c1] : memref<2xi128>
  %l = load %m[%c0] : memref<2xi17>
  %l2 = load %m[%c1] : memref<2xi17>
  %s = addi %l, %l2 : i17
  return %m, %n, %s : memref<2xi17>, memref<2xi128>, i17
}
