// RUN: lower --use-bare-ptr-memref-call-conv
// A static shape is not enough: the strides and the offset must be static too.
func @main() -> f32 {
  %m = alloca() : memref<4xf32>
  %c0 = constant 0 : index
  %one = constant 1.0 : f32
  store %one, %m[%c0] : memref<4xf32>
  %s = memref_cast %m : memref<4xf32> to memref<4xf32, offset: ?, strides: [1]>
  // expected-error@+1:8 {{cannot pass 'memref<4xf32, offset: ?, strides: [1]>' under the bare pointer calling convention: its layout has a dynamic stride or offset}}
  %v = call @first(%s) : (memref<4xf32, offset: ?, strides: [1]>) -> f32
  return %v : f32
}
// expected-error@+1:1 {{cannot pass 'memref<4xf32, offset: ?, strides: [1]>' under the bare pointer calling convention: its layout has a dynamic stride or offset}}
func @first(%m: memref<4xf32, offset: ?, strides: [1]>) -> f32 {
  %c0 = constant 0 : index
  %v = load %m[%c0] : memref<4xf32, offset: ?, strides: [1]>
  return %v : f32
}
