module {
  func.func @main() -> f64 {
    %0 = memref.alloc() {alignment = 64 : i64} : memref<4xf64>
    %1 = arith.constant 1.0 : f64
    %2 = arith.constant 0 : index
    memref.store %1, %0[%2] : memref<4xf64>
    %3 = memref.load %0[%2] : memref<4xf64>
    func.return %3 : f64
  }
}
