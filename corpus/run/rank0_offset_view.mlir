// run: @main() -> 427.5 : f64
// Rank-0 memrefs with a strided layout, which is an offset alone: element addressing
// adds the descriptor's offset to the aligned pointer with no index to scale. Both
// views of an identity rank-0 buffer, with the offset dynamic and static 0, read and
// write the one element.
func @main() -> f64 {
  %m = alloc() : memref<f64>
  %x = constant 2.5 : f64
  store %x, %m[] : memref<f64>
  %v = memref_cast %m : memref<f64> to memref<f64, offset: ?, strides: []>
  %r = load %v[] : memref<f64, offset: ?, strides: []>
  %w = memref_cast %m : memref<f64> to memref<f64, offset: 0, strides: []>
  %s = load %w[] : memref<f64, offset: 0, strides: []>
  %y = constant 4.0 : f64
  store %y, %v[] : memref<f64, offset: ?, strides: []>
  %t = load %m[] : memref<f64>
  dealloc %w : memref<f64, offset: 0, strides: []>
  // One result, as the C driver of the mlir-translate + clang test reads one:
  // r + 10 * s + 100 * t.
  %ten = constant 10.0 : f64
  %hundred = constant 100.0 : f64
  %b10 = mulf %s, %ten : f64
  %c100 = mulf %t, %hundred : f64
  %sum1 = addf %r, %b10 : f64
  %sum = addf %sum1, %c100 : f64
  return %sum : f64
}
