// RUN: lower --use-bare-ptr-memref-call-conv
// Under the bare pointer calling convention a memref in a signature needs a static
// shape and static strides and offset (LLVM 11 and MLIR 22 reject it too).
func @main() -> f32 {
  %c2 = constant 2 : index
  %m = alloc(%c2) : memref<?xf32>
  %c0 = constant 0 : index
  %one = constant 1.0 : f32
  store %one, %m[%c0] : memref<?xf32>
  // expected-error@+1:8 {{cannot pass 'memref<?xf32>' under the bare pointer calling convention}}
  %r = call @f(%m) : (memref<?xf32>) -> f32
  dealloc %m : memref<?xf32>
  return %r : f32
}
// expected-error@+1:1 {{cannot pass 'memref<?xf32>' under the bare pointer calling convention: its shape is not static}}
func @f(%m: memref<?xf32>) -> f32 {
  %c0 = constant 0 : index
  %v = load %m[%c0] : memref<?xf32>
  return %v : f32
}
