// run: @main() -> 1027.0 : f64
// alloc and alloca of a rank-0 memref whose layout has a static offset of 3: the one
// element is 3 elements past the aligned pointer, so the buffer must hold 4. A view
// with a dynamic offset reads the 3 from the descriptor.
func @main() -> f64 {
  %a = alloc() : memref<f64, offset: 3, strides: []>
  %y = constant 7.0 : f64
  store %y, %a[] : memref<f64, offset: 3, strides: []>
  %s = load %a[] : memref<f64, offset: 3, strides: []>
  %v = memref_cast %a : memref<f64, offset: 3, strides: []> to memref<f64, offset: ?, strides: []>
  %t = load %v[] : memref<f64, offset: ?, strides: []>
  %b = alloca() : memref<f64, offset: 3, strides: []>
  %z = constant 9.5 : f64
  store %z, %b[] : memref<f64, offset: 3, strides: []>
  %u = load %b[] : memref<f64, offset: 3, strides: []>
  dealloc %a : memref<f64, offset: 3, strides: []>
  // One result, as the C driver of the mlir-translate + clang test reads one:
  // s + 10 * t + 100 * u.
  %ten = constant 10.0 : f64
  %hundred = constant 100.0 : f64
  %b10 = mulf %t, %ten : f64
  %c100 = mulf %u, %hundred : f64
  %sum1 = addf %s, %b10 : f64
  %sum = addf %sum1, %c100 : f64
  return %sum : f64
}
