// Reduced by `stdlower reduce` from `stdlower gen --seed 3` with a planted bug (the
// lowering's index linearization used the strides in reverse order): the JIT left
// the last element of the returned memref unwritten.
// run: @main() -> [[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]] : memref<3x2xf32>
module {
  func @main() -> memref<3x2xf32> {
    %0 = alloc() : memref<3x2xf32>
    %1 = constant 6 : index
    %2 = constant 0 : index
    %3 = constant 1 : index
    br ^bb1(%2 : index)
  ^bb1(%4: index):
    %5 = cmpi "ult", %4, %1 : index
    cond_br %5, ^bb2, ^bb3
  ^bb2:
    %6 = constant 2 : index
    %7 = divi_unsigned %4, %6 : index
    %8 = constant 2 : index
    %9 = remi_unsigned %4, %8 : index
    %10 = constant 1.0 : f32
    store %10, %0[%7, %9] : memref<3x2xf32>
    %11 = addi %4, %3 : index
    br ^bb1(%11 : index)
  ^bb3:
    return %0 : memref<3x2xf32>
  }
}
