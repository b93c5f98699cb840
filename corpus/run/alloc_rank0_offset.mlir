// run: @main() -> 7.0 : f64, 7.0 : f64, 9.5 : f64
// alloc and alloca of a rank-0 memref whose layout has a static offset of 3: the one
// element is 3 elements past the aligned pointer, so the buffer must hold 4. A view
// with a dynamic offset reads the 3 from the descriptor.
func @main() -> (f64, f64, f64) {
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
  return %s, %t, %u : f64, f64, f64
}
