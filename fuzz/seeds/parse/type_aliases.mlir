// run: @main() -> 12150921 : i64
// Type aliases: `!name = type T` as LLVM 11 writes them and `!name = T` as today's MLIR
// does, at the top level and inside a module, used in signatures, in op types, as a
// memref element type and through another alias; beside an affine-map alias. The
// results 12, 1.5, 9 and 21 are packed into one number: ((12 * 100 + 15) * 100 + 9) * 100 + 21.
#id = affine_map<(d0) -> (d0)>
!vt = type vector<4xf32>
!word = i16
module {
  !mt = type memref<4x!word, #id>
  func @twice(%w: !word) -> !word {
    %s = addi %w, %w : !word
    return %s : !word
  }
  func @main() -> i64 {
    %a = "std.constant"() {value = 7 : i32} : () -> i32
    %b = std.constant 5 : i32
    %c = "std.addi"(%a, %b) : (i32, i32) -> i32
    %x = constant 1.5 : f32
    %v = splat %x : !vt
    %i0 = constant 2 : index
    %e = extract_element %v[%i0] : !vt
    %m = alloc() : memref<4xi64, #id>
    %k = constant 9 : i64
    store %k, %m[%i0] : memref<4xi64, #id>
    %r = load %m[%i0] : memref<4xi64, #id>
    dealloc %m : memref<4xi64, #id>
    %n = alloca() : !mt
    %h = constant 10 : !word
    store %h, %n[%i0] : !mt
    %g = load %n[%i0] : !mt
    %t = call @twice(%g) : (!word) -> !word
    %one = constant 1 : !word
    %u = addi %t, %one : !word
    %hundred = constant 100 : i64
    %ten = constant 10.0 : f32
    %c64 = sexti %c : i32 to i64
    %e10 = mulf %e, %ten : f32
    %e64 = fptosi %e10 : f32 to i64
    %u64 = sexti %u : !word to i64
    %p0 = muli %c64, %hundred : i64
    %p1 = addi %p0, %e64 : i64
    %p2 = muli %p1, %hundred : i64
    %p3 = addi %p2, %r : i64
    %p4 = muli %p3, %hundred : i64
    %p5 = addi %p4, %u64 : i64
    return %p5 : i64
  }
}
