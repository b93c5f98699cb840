// Found by the c-interface oracle (campaign case 39): an argument of type
// `memref<4x1x2xi16, offset: ?, strides: [?, ?, 2]>` was laid out by the interpreter
// with row-major strides [2, 2] for the dynamic dimensions beside the static inner
// stride 2, so elements [0, 0, 1] and [1, 0, 0] shared a cell and the interpreter
// read 3 where the JIT (correctly) read 5. Dynamic strides now span the dimensions
// inside them.
// run: @f([[[-24294, 5]], [[3, -7328]], [[30864, -16680]], [[7132, -5]]] : memref<4x1x2xi16, offset: ?, strides: [?, ?, 2]>) -> 5 : i16, 7132 : i16
// run: @f([[[1, 2]], [[3, 4]], [[5, 6]], [[7, 8]]] : memref<4x1x2xi16, offset: ?, strides: [?, ?, 2]>) -> 2 : i16, 7 : i16
module {
  func @f(%m: memref<4x1x2xi16, offset: ?, strides: [?, ?, 2]>) -> (i16, i16) {
    %c0 = constant 0 : index
    %c1 = constant 1 : index
    %c3 = constant 3 : index
    %a = load %m[%c0, %c0, %c1] : memref<4x1x2xi16, offset: ?, strides: [?, ?, 2]>
    %b = load %m[%c3, %c0, %c0] : memref<4x1x2xi16, offset: ?, strides: [?, ?, 2]>
    return %a, %b : i16, i16
  }
}
