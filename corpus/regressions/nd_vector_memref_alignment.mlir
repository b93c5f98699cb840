// run: @main() -> 2.5 : f64
// Regression (campaign case 313, seed 1403488864630113773): a memref of n-D vectors was
// malloc-ed with only 16-byte alignment; LLVM stores <8 x double> with its 64-byte ABI
// alignment, so the native code faulted. The lowering now aligns to the element.
func @main() -> f64 {
  %m = alloc() : memref<2xvector<2x8xf64>>
  %x = constant 1.5 : f64
  %y = constant 2.5 : f64
  %v = splat %x : vector<2x8xf64>
  %w = splat %y : vector<2x8xf64>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %c7 = constant 7 : index
  store %v, %m[%c0] : memref<2xvector<2x8xf64>>
  store %w, %m[%c1] : memref<2xvector<2x8xf64>>
  %r = load %m[%c1] : memref<2xvector<2x8xf64>>
  %e = extract_element %r[%c1, %c7] : vector<2x8xf64>
  dealloc %m : memref<2xvector<2x8xf64>>
  return %e : f64
}
