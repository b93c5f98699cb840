// run: @main() -> 2.0 : f32
// Generic form of float, cast, vector and memref ops.
func @main() -> f32 {
  %a = "std.constant"() {value = 2.5 : f32} : () -> f32
  %b = "std.negf"(%a) : (f32) -> f32
  %c = "std.absf"(%b) : (f32) -> f32
  %d = "std.remf"(%c, %a) : (f32, f32) -> f32
  %e = "std.fpext"(%c) : (f32) -> f64
  %f = "std.fptrunc"(%e) : (f64) -> f32
  %g = "std.fptosi"(%f) : (f32) -> i32
  %h = "std.sitofp"(%g) : (i32) -> f32
  %i = "std.index_cast"(%g) : (i32) -> index
  %j = "std.splat"(%h) : (f32) -> vector<4xf32>
  %k = "std.extract_element"(%j, %i) : (vector<4xf32>, index) -> f32
  %l = "std.sexti"(%g) : (i32) -> i64
  %m = "std.zexti"(%g) : (i32) -> i64
  %n = "std.trunci"(%l) : (i64) -> i8
  %o = "std.shift_left"(%g, %g) : (i32, i32) -> i32
  %p = "std.alloca"() : () -> memref<2xf32>
  %q = "std.memref_cast"(%p) : (memref<2xf32>) -> memref<*xf32>
  %r = "std.rank"(%q) : (memref<*xf32>) -> index
  %s = "std.addf"(%k, %d) : (f32, f32) -> f32
  "std.return"(%s) : (f32) -> ()
}
