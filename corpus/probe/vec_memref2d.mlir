// run: @main() -> [35, -48] : vector<2xi64>, [[5, -6], [7, 8]] : memref<2xvector<2xi64>>
// A memref of vectors as a result, vector muli.
func @main() -> (vector<2xi64>, memref<2xvector<2xi64>>) {
  %m = alloc() : memref<2xvector<2xi64>>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  %a = constant dense<[5, -6]> : vector<2xi64>
  %b = constant dense<[7, 8]> : vector<2xi64>
  store %a, %m[%c0] : memref<2xvector<2xi64>>
  store %b, %m[%c1] : memref<2xvector<2xi64>>
  %x = load %m[%c0] : memref<2xvector<2xi64>>
  %y = load %m[%c1] : memref<2xvector<2xi64>>
  %z = muli %x, %y : vector<2xi64>
  return %z, %m : vector<2xi64>, memref<2xvector<2xi64>>
}
