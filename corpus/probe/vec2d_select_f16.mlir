// run: @main() -> [[0.1, 0.2, 0.2998], [0.4, 0.5, 0.5996]] : vector<2x3xf16>, [[0.5, -0.25], [-0.5, 0.25]] : memref<2xvector<2xf16>>
// 2-D f16 vectors: cmpf, mulf, select; a memref of f16 vectors.
func @main() -> (vector<2x3xf16>, memref<2xvector<2xf16>>) {
  %a = constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf16>
  %b = constant dense<0.1> : vector<2x3xf16>
  %c = cmpf "ogt", %a, %b : vector<2x3xf16>
  %d = mulf %a, %b : vector<2x3xf16>
  %e = select %c, %d, %a : vector<2x3xi1>, vector<2x3xf16>
  %m = alloc() : memref<2xvector<2xf16>>
  %v = constant dense<[0.5, -0.25]> : vector<2xf16>
  %c0 = constant 0 : index
  %c1 = constant 1 : index
  store %v, %m[%c0] : memref<2xvector<2xf16>>
  %w = negf %v : vector<2xf16>
  store %w, %m[%c1] : memref<2xvector<2xf16>>
  return %e, %m : vector<2x3xf16>, memref<2xvector<2xf16>>
}
