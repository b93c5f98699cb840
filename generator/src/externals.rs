//! The external functions generated modules may declare and call (only when
//! [`Family::Externals`](crate::Family::Externals) is enabled), with their exact
//! semantics, so that the interpreter and the JIT harness implement the same thing.
//!
//! Calling convention: these are plain `func` declarations without
//! `llvm.emit_c_interface`, so after lowering a memref argument is passed as the
//! expanded descriptor fields (allocated pointer, aligned pointer, offset, sizes...,
//! strides...), as LLVM 11's default calling convention specifies.

use converter::ir::Type;

/// One external function: its symbol, signature and semantics.
#[derive(Clone, Debug)]
pub struct ExternalFn {
    /// Symbol without `@`.
    pub name: &'static str,
    pub inputs: Vec<Type>,
    pub results: Vec<Type>,
    /// The exact semantics, for implementers.
    pub semantics: &'static str,
}

/// The external functions table (small on purpose).
pub fn external_impls() -> Vec<ExternalFn> {
    vec![
        ExternalFn {
            name: "ext_mix_i64",
            inputs: vec![Type::i64(), Type::i64()],
            results: vec![Type::i64()],
            semantics: "a * 31 + b, wrapping two's-complement i64 arithmetic",
        },
        ExternalFn {
            name: "ext_sum_f64",
            inputs: vec![Type::memref(vec![None], Type::F64)],
            results: vec![Type::F64],
            semantics: "0.0 + m[0] + m[1] + ... + m[n-1], f64 additions in index order \
                        (n = dim 0; every element is initialized)",
        },
        ExternalFn {
            name: "ext_fill_i32",
            inputs: vec![Type::memref(vec![None], Type::i32()), Type::i32()],
            results: vec![],
            semantics: "for i in 0..n: m[i] = v + i (wrapping i32; n = dim 0)",
        },
    ]
}

/// Reference implementation of `ext_mix_i64`.
pub fn ext_mix_i64(a: i64, b: i64) -> i64 {
    a.wrapping_mul(31).wrapping_add(b)
}

/// Reference implementation of `ext_sum_f64` over the elements in index order.
pub fn ext_sum_f64(m: &[f64]) -> f64 {
    m.iter().fold(0.0, |acc, x| acc + x)
}

/// Reference implementation of `ext_fill_i32`.
pub fn ext_fill_i32(m: &mut [i32], v: i32) {
    for (i, x) in m.iter_mut().enumerate() {
        *x = v.wrapping_add(i as i32);
    }
}
