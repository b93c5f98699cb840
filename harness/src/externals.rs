//! Implementations of the external functions that generated modules may declare and
//! call (`generator::external_impls()` gives their exact semantics), for both
//! execution paths: the interpreter calls [`HarnessExternals`]; the JIT worker is given
//! the addresses of the `extern "C"` versions by [`register_with_jit`]. Under LLVM 11's
//! calling convention a memref argument arrives as its expanded descriptor fields.

use converter::value::RtValue;

/// External functions the harness implements for the interpreter.
pub struct HarnessExternals;

impl interp::Externals for HarnessExternals {
    fn call(&mut self, name: &str, args: &[RtValue]) -> Option<Result<Vec<RtValue>, String>> {
        generator::externals::call_rt(name, args)
    }
}

extern "C" fn c_ext_mix_i64(a: i64, b: i64) -> i64 {
    generator::externals::ext_mix_i64(a, b)
}

/// `ext_sum_f64(memref<?xf64>)` with the descriptor expanded.
extern "C" fn c_ext_sum_f64(
    _allocated: *const f64,
    aligned: *const f64,
    offset: i64,
    size: i64,
    stride: i64,
) -> f64 {
    let mut acc = 0.0;
    for i in 0..size.max(0) {
        // SAFETY: the lowered caller passes a live descriptor whose elements
        // aligned[offset + i * stride] for i < size are in bounds and initialized
        // (the generator writes every element before the call).
        acc += unsafe { *aligned.offset((offset + i * stride) as isize) };
    }
    acc
}

/// `ext_poly_i32(memref<?xi32>, i32)` with the descriptor expanded.
extern "C" fn c_ext_poly_i32(
    _allocated: *const i32,
    aligned: *const i32,
    offset: i64,
    size: i64,
    stride: i64,
    x: i32,
) -> i32 {
    let mut acc = 0i32;
    for i in 0..size.max(0) {
        // SAFETY: as above, every index below `size` is inside the caller's buffer.
        let c = unsafe { *aligned.offset((offset + i * stride) as isize) };
        acc = acc.wrapping_mul(x).wrapping_add(c);
    }
    acc
}

/// Makes the external functions resolvable by JIT-compiled code in this process.
pub fn register_with_jit() {
    jit::register_external("ext_mix_i64", c_ext_mix_i64 as *const ());
    jit::register_external("ext_sum_f64", c_ext_sum_f64 as *const ());
    jit::register_external("ext_poly_i32", c_ext_poly_i32 as *const ());
}
