// RUN: lower
// A module's own malloc of another type than the lowering calls is an error at it,
// in MLIR 22's words (mlir-opt --finalize-memref-to-llvm says the same).
module {
  // expected-error@+1:3 {{redefinition of reserved function 'malloc' of different type '!llvm.func<ptr (i32)>' is prohibited}}
  llvm.func @malloc(i32) -> !llvm.ptr
  func @main() {
    %0 = alloc() : memref<4xf32>
    dealloc %0 : memref<4xf32>
    return
  }
}
