//! The external functions generated modules may declare and call (only when
//! [`Family::Externals`](crate::Family::Externals) is enabled), with their exact
//! semantics, so that the interpreter and the JIT harness implement the same thing.
//!
//! None of them writes memory (the interpreter passes external arguments as snapshots).
//!
//! Calling convention: most are plain `func` declarations, so after lowering a memref
//! argument is passed as the expanded descriptor fields (allocated pointer, aligned
//! pointer, offset, sizes..., strides...), as LLVM 11's default calling convention
//! specifies. Those with `c_interface` are declared with `llvm.emit_c_interface`: the
//! lowering then gives the declaration a body that calls `_mlir_ciface_<name>`, with
//! each memref as a pointer to its descriptor and several results through a pointer to
//! their struct, passed first; the host implements that C function. Every external has
//! its `_mlir_ciface_` form in [`abi`], so that a module lowered with the C interface
//! for every function (`emit-c-interface`) links too.

use converter::ir::Type;
use converter::value::RtValue;

/// One external function: its symbol, signature and semantics.
#[derive(Clone, Debug)]
pub struct ExternalFn {
    /// Symbol without `@`.
    pub name: &'static str,
    pub inputs: Vec<Type>,
    pub results: Vec<Type>,
    /// The exact semantics, for implementers.
    pub semantics: &'static str,
    /// The C signature lowered code calls (see [`abi`]).
    pub c_abi: &'static str,
    /// Declared with `llvm.emit_c_interface`: lowered code calls `_mlir_ciface_<name>`.
    pub c_interface: bool,
}

/// The external functions table (small on purpose).
pub fn external_impls() -> Vec<ExternalFn> {
    vec![
        ExternalFn {
            name: "ext_mix_i64",
            inputs: vec![Type::i64(), Type::i64()],
            results: vec![Type::i64()],
            semantics: "a * 31 + b, wrapping two's-complement i64 arithmetic",
            c_abi: "int64_t ext_mix_i64(int64_t a, int64_t b)",
            c_interface: false,
        },
        ExternalFn {
            name: "ext_sum_f64",
            inputs: vec![Type::memref(vec![None], Type::F64)],
            results: vec![Type::F64],
            semantics: "0.0 + m[0] + m[1] + ... + m[n-1], f64 additions in index order \
                        (n = dim 0; every element is initialized)",
            c_abi: "double ext_sum_f64(double *allocated, double *aligned, int64_t offset, \
                    int64_t size, int64_t stride)",
            c_interface: false,
        },
        ExternalFn {
            name: "ext_poly_i32",
            inputs: vec![Type::memref(vec![None], Type::i32()), Type::i32()],
            results: vec![Type::i32()],
            semantics: "Horner evaluation: acc = 0; for i in 0..n: acc = acc * x + m[i] \
                        (wrapping i32; n = dim 0); reads only",
            c_abi: "int32_t ext_poly_i32(int32_t *allocated, int32_t *aligned, int64_t offset, \
                    int64_t size, int64_t stride, int32_t x)",
            c_interface: false,
        },
        ExternalFn {
            name: "ext_cmix_i64",
            inputs: vec![Type::i64(), Type::i64()],
            results: vec![Type::i64()],
            semantics: "a * 31 + b, wrapping two's-complement i64 arithmetic (as ext_mix_i64)",
            c_abi: "int64_t _mlir_ciface_ext_cmix_i64(int64_t a, int64_t b)",
            c_interface: true,
        },
        ExternalFn {
            name: "ext_csum_f64",
            inputs: vec![Type::memref(vec![None], Type::F64)],
            results: vec![Type::F64],
            semantics: "0.0 + m[0] + ... + m[n-1], as ext_sum_f64",
            c_abi: "double _mlir_ciface_ext_csum_f64(StridedMemRefType<double, 1> *m)",
            c_interface: true,
        },
        ExternalFn {
            name: "ext_usum_f64",
            inputs: vec![Type::unranked_memref(Type::F64)],
            results: vec![Type::F64],
            semantics: "acc = 1000.0 * rank; then acc = acc + e for every element e of the \
                        view in row-major order (f64 additions; every element is initialized)",
            c_abi: "double ext_usum_f64(int64_t rank, void *descriptor)",
            c_interface: false,
        },
        ExternalFn {
            name: "ext_cusum_f64",
            inputs: vec![Type::unranked_memref(Type::F64)],
            results: vec![Type::F64],
            semantics: "as ext_usum_f64",
            c_abi: "double _mlir_ciface_ext_cusum_f64(UnrankedMemRefType<double> *m)",
            c_interface: true,
        },
        ExternalFn {
            name: "ext_cpair_i64",
            inputs: vec![Type::i64(), Type::i64()],
            results: vec![Type::i64(), Type::i64()],
            semantics: "(a + b, a * b), wrapping two's-complement i64 arithmetic",
            c_abi: "void _mlir_ciface_ext_cpair_i64(struct { int64_t s, p; } *out, int64_t a, \
                    int64_t b)",
            c_interface: true,
        },
    ]
}

/// Runs external function `name` on runtime values (the interpreter's view: memref
/// arguments are snapshots of their elements). `None` for an unknown name.
/// An interpreter host can delegate `interp::Externals::call` to this.
pub fn call_rt(name: &str, args: &[RtValue]) -> Option<Result<Vec<RtValue>, String>> {
    fn int(v: &RtValue) -> Result<i128, String> {
        match v {
            RtValue::Int(i) => Ok(*i),
            other => Err(format!("expected an integer argument, got {other:?}")),
        }
    }
    fn elems(v: &RtValue) -> Result<&[RtValue], String> {
        match v {
            RtValue::MemRef { elems, .. } => Ok(elems),
            other => Err(format!("expected a memref argument, got {other:?}")),
        }
    }
    fn f64s(v: &RtValue) -> Result<Vec<f64>, String> {
        elems(v)?
            .iter()
            .map(|e| match e {
                RtValue::Float(b) => Ok(f64::from_bits(*b)),
                other => Err(format!("expected an f64 element, got {other:?}")),
            })
            .collect()
    }
    let arity = match name {
        "ext_mix_i64" | "ext_poly_i32" | "ext_cmix_i64" | "ext_cpair_i64" => 2,
        "ext_sum_f64" | "ext_csum_f64" | "ext_usum_f64" | "ext_cusum_f64" => 1,
        _ => return None,
    };
    if args.len() != arity {
        return Some(Err(format!(
            "@{name} takes {arity} arguments, {} given",
            args.len()
        )));
    }
    let r = match name {
        "ext_mix_i64" | "ext_cmix_i64" => int(&args[0]).and_then(|a| {
            let b = int(&args[1])?;
            Ok(vec![RtValue::Int(ext_mix_i64(a as i64, b as i64) as i128)])
        }),
        "ext_cpair_i64" => int(&args[0]).and_then(|a| {
            let b = int(&args[1])?;
            let (s, p) = ext_cpair_i64(a as i64, b as i64);
            Ok(vec![RtValue::Int(s as i128), RtValue::Int(p as i128)])
        }),
        "ext_sum_f64" | "ext_csum_f64" => {
            f64s(&args[0]).map(|xs| vec![RtValue::Float(ext_sum_f64(&xs).to_bits())])
        }
        "ext_usum_f64" | "ext_cusum_f64" => {
            let rank = match &args[0] {
                RtValue::MemRef { shape, .. } => shape.len() as i64,
                _ => 0, // not a memref: `f64s` says so
            };
            f64s(&args[0]).map(|xs| vec![RtValue::Float(ext_usum_f64(rank, &xs).to_bits())])
        }
        _ => elems(&args[0]).and_then(|es| {
            let xs = es
                .iter()
                .map(|e| int(e).map(|i| i as i32))
                .collect::<Result<Vec<i32>, String>>()?;
            let x = int(&args[1])? as i32;
            Ok(vec![RtValue::Int(ext_poly_i32(&xs, x) as i128)])
        }),
    };
    Some(r)
}

/// Reference implementation of `ext_mix_i64`.
pub fn ext_mix_i64(a: i64, b: i64) -> i64 {
    a.wrapping_mul(31).wrapping_add(b)
}

/// Reference implementation of `ext_cpair_i64`.
pub fn ext_cpair_i64(a: i64, b: i64) -> (i64, i64) {
    (a.wrapping_add(b), a.wrapping_mul(b))
}

/// Reference implementation of `ext_sum_f64` over the elements in index order.
pub fn ext_sum_f64(m: &[f64]) -> f64 {
    m.iter().fold(0.0, |acc, x| acc + x)
}

/// Reference implementation of `ext_usum_f64` over the elements in row-major order.
pub fn ext_usum_f64(rank: i64, m: &[f64]) -> f64 {
    m.iter().fold(rank as f64 * 1000.0, |acc, x| acc + x)
}

/// Reference implementation of `ext_poly_i32`.
pub fn ext_poly_i32(m: &[i32], x: i32) -> i32 {
    m.iter()
        .fold(0i32, |acc, &c| acc.wrapping_mul(x).wrapping_add(c))
}

/// The external functions as lowered code calls them (LLVM 11's default calling
/// convention: a `memref<?xT>` argument is expanded into allocated pointer, aligned
/// pointer, offset, size and stride), ready for `jit::register_external`.
pub mod abi {
    /// `@ext_mix_i64(i64, i64) -> i64`.
    pub extern "C" fn ext_mix_i64(a: i64, b: i64) -> i64 {
        super::ext_mix_i64(a, b)
    }

    /// Elements of an expanded 1-D memref descriptor, in index order.
    ///
    /// # Safety
    /// `aligned + offset + i * stride` must be readable for every `i < size`.
    unsafe fn elems<T: Copy>(aligned: *const T, offset: i64, size: i64, stride: i64) -> Vec<T> {
        (0..size.max(0))
            .map(|i| unsafe { *aligned.offset((offset + i * stride) as isize) })
            .collect()
    }

    /// `@ext_sum_f64(memref<?xf64>) -> f64`.
    ///
    /// # Safety
    /// The arguments must describe a live, initialized `memref<?xf64>`.
    pub unsafe extern "C" fn ext_sum_f64(
        _allocated: *const f64,
        aligned: *const f64,
        offset: i64,
        size: i64,
        stride: i64,
    ) -> f64 {
        super::ext_sum_f64(&unsafe { elems(aligned, offset, size, stride) })
    }

    /// `@ext_poly_i32(memref<?xi32>, i32) -> i32`.
    ///
    /// # Safety
    /// The arguments must describe a live, initialized `memref<?xi32>`.
    pub unsafe extern "C" fn ext_poly_i32(
        _allocated: *const i32,
        aligned: *const i32,
        offset: i64,
        size: i64,
        stride: i64,
        x: i32,
    ) -> i32 {
        super::ext_poly_i32(&unsafe { elems(aligned, offset, size, stride) }, x)
    }

    /// A 1-D memref descriptor as C sees it (`StridedMemRefType<T, 1>` of MLIR's
    /// `CRunnerUtils.h`), with 64-bit indices.
    #[repr(C)]
    pub struct StridedMemRef1<T> {
        pub allocated: *const T,
        pub aligned: *const T,
        pub offset: i64,
        pub sizes: [i64; 1],
        pub strides: [i64; 1],
    }

    /// Two `i64` results, as `_mlir_ciface_ext_cpair_i64` stores them.
    #[repr(C)]
    pub struct PairI64 {
        pub s: i64,
        pub p: i64,
    }

    /// `_mlir_ciface_ext_mix_i64` and `_mlir_ciface_ext_cmix_i64`: scalars by value.
    pub extern "C" fn ciface_mix_i64(a: i64, b: i64) -> i64 {
        super::ext_mix_i64(a, b)
    }

    /// `_mlir_ciface_ext_cpair_i64(PairI64 *out, i64 a, i64 b)`.
    ///
    /// # Safety
    /// `out` must be writable.
    pub unsafe extern "C" fn ciface_cpair_i64(out: *mut PairI64, a: i64, b: i64) {
        let (s, p) = super::ext_cpair_i64(a, b);
        unsafe { out.write(PairI64 { s, p }) };
    }

    /// `_mlir_ciface_ext_sum_f64` and `_mlir_ciface_ext_csum_f64`.
    ///
    /// # Safety
    /// `m` must point at a descriptor of a live, initialized `memref<?xf64>`.
    pub unsafe extern "C" fn ciface_sum_f64(m: *const StridedMemRef1<f64>) -> f64 {
        let d = unsafe { &*m };
        let xs = unsafe { elems(d.aligned, d.offset, d.sizes[0], d.strides[0]) };
        super::ext_sum_f64(&xs)
    }

    /// `_mlir_ciface_ext_poly_i32`.
    ///
    /// # Safety
    /// `m` must point at a descriptor of a live, initialized `memref<?xi32>`.
    pub unsafe extern "C" fn ciface_poly_i32(m: *const StridedMemRef1<i32>, x: i32) -> i32 {
        let d = unsafe { &*m };
        let xs = unsafe { elems(d.aligned, d.offset, d.sizes[0], d.strides[0]) };
        super::ext_poly_i32(&xs, x)
    }

    /// The elements of a ranked `f64` descriptor of rank `rank` (MLIR's layout with
    /// 64-bit indices: allocated and aligned pointers, offset, `rank` sizes, `rank`
    /// strides), in row-major order of the view.
    ///
    /// # Safety
    /// `desc` must point at such a descriptor of a live, initialized memref.
    unsafe fn ranked_f64_elems(rank: i64, desc: *const u8) -> Vec<f64> {
        let rank = rank.max(0) as usize;
        let word = |i: usize| unsafe { desc.cast::<i64>().add(i).read_unaligned() };
        let aligned = word(1) as usize as *const f64;
        let offset = word(2);
        let sizes: Vec<i64> = (0..rank).map(|d| word(3 + d)).collect();
        let strides: Vec<i64> = (0..rank).map(|d| word(3 + rank + d)).collect();
        converter::value::RowMajor::new(offset, &sizes, &strides)
            .map(|at| unsafe { *aligned.offset(at as isize) })
            .collect()
    }

    /// `@ext_usum_f64(memref<*xf64>) -> f64`: an unranked memref is passed as its
    /// rank and a pointer to its ranked descriptor.
    ///
    /// # Safety
    /// The arguments must describe a live, initialized memref of `f64`.
    pub unsafe extern "C" fn ext_usum_f64(rank: i64, desc: *const u8) -> f64 {
        super::ext_usum_f64(rank, &unsafe { ranked_f64_elems(rank, desc) })
    }

    /// An unranked memref as C sees it (`UnrankedMemRefType<T>` of `CRunnerUtils.h`).
    #[repr(C)]
    pub struct UnrankedMemRef {
        pub rank: i64,
        pub descriptor: *const u8,
    }

    /// `_mlir_ciface_ext_usum_f64` and `_mlir_ciface_ext_cusum_f64`.
    ///
    /// # Safety
    /// `m` must point at an unranked descriptor of a live, initialized memref of `f64`.
    pub unsafe extern "C" fn ciface_usum_f64(m: *const UnrankedMemRef) -> f64 {
        let d = unsafe { &*m };
        unsafe { ext_usum_f64(d.rank, d.descriptor) }
    }

    /// `(symbol, address)` of every external function, and of its `_mlir_ciface_`
    /// form; the C-interface externals have only that one.
    pub fn symbols() -> Vec<(&'static str, *const ())> {
        vec![
            ("ext_mix_i64", ext_mix_i64 as *const ()),
            ("ext_sum_f64", ext_sum_f64 as *const ()),
            ("ext_poly_i32", ext_poly_i32 as *const ()),
            ("ext_usum_f64", ext_usum_f64 as *const ()),
            ("_mlir_ciface_ext_mix_i64", ciface_mix_i64 as *const ()),
            ("_mlir_ciface_ext_sum_f64", ciface_sum_f64 as *const ()),
            ("_mlir_ciface_ext_poly_i32", ciface_poly_i32 as *const ()),
            ("_mlir_ciface_ext_cmix_i64", ciface_mix_i64 as *const ()),
            ("_mlir_ciface_ext_csum_f64", ciface_sum_f64 as *const ()),
            ("_mlir_ciface_ext_cpair_i64", ciface_cpair_i64 as *const ()),
            ("_mlir_ciface_ext_usum_f64", ciface_usum_f64 as *const ()),
            ("_mlir_ciface_ext_cusum_f64", ciface_usum_f64 as *const ()),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::abi::{ciface_usum_f64, ext_usum_f64, UnrankedMemRef};
    use super::*;

    /// The unranked externals read the view through its descriptor in row-major order,
    /// strides and offset included, and agree with the interpreter's form (`call_rt`)
    /// on the same view.
    #[test]
    fn unranked_sum_reads_the_view_in_row_major_order() {
        // Far apart in magnitude, so that the order of the additions shows in the sum.
        let buf: Vec<f64> = vec![9.0, 1e16, 1.0, -1e16, 3.0, 0.5, 7.0, 2.0];
        // A 2x3 view at offset 1 with strides [1, 2] (transposed): row-major elements
        // buf[1], buf[3], buf[5], buf[2], buf[4], buf[6].
        let desc: [i64; 7] = [buf.as_ptr() as i64, buf.as_ptr() as i64, 1, 2, 3, 1, 2];
        let view: [f64; 6] = [1e16, -1e16, 0.5, 1.0, 3.0, 7.0];
        let want = view.iter().fold(2000.0, |acc, x| acc + x);
        let rt = call_rt(
            "ext_usum_f64",
            &[RtValue::MemRef {
                shape: vec![2, 3],
                elems: view.iter().map(|x| RtValue::Float(x.to_bits())).collect(),
            }],
        );
        assert_eq!(rt, Some(Ok(vec![RtValue::Float(want.to_bits())])));
        let p = desc.as_ptr().cast::<u8>();
        // SAFETY: `desc` describes a view inside `buf`, both alive here.
        let plain = unsafe { ext_usum_f64(2, p) };
        let c = unsafe {
            ciface_usum_f64(&UnrankedMemRef {
                rank: 2,
                descriptor: p,
            })
        };
        assert_eq!(plain.to_bits(), want.to_bits());
        assert_eq!(c.to_bits(), want.to_bits());
        // Rank 0: the one element at the offset.
        let d0: [i64; 3] = [buf.as_ptr() as i64, buf.as_ptr() as i64, 6];
        assert_eq!(unsafe { ext_usum_f64(0, d0.as_ptr().cast()) }, 7.0);
    }
}
