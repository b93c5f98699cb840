// stdlower-options: --use-aligned-alloc --use-bare-ptr-memref-call-conv
// MLIR 13 to 15, bare pointer convention: a call whose results are packed with a
// memref among them extracts the memref as a descriptor from a struct holding its pointer.
module {
  func @main() {
    %0 = constant 0 : index
    %1:2 = call @f2(%0) : (index) -> (f32, memref<f16>)
    return
  }
  func @f2(%arg0: index) -> (f32, memref<f16>) {
    %0 = alloc() {alignment = 64} : memref<f16>
    %1 = constant 0.0 : f32
    return %1, %0 : f32, memref<f16>
  }
}
