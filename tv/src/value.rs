//! Symbolic values: a scalar is a term with a poison flag (always false on the Standard
//! side); vectors, LLVM arrays and structs are lists of their elements, so that
//! elementwise ops are maps and both sides' values compare leaf by leaf.

use crate::smt::{FKind, Smt, Stop};
use converter::ir::Type;
use easy_smt::SExpr;

/// A symbolic value.
#[derive(Clone, Debug)]
pub enum SVal {
    /// A bit-vector of width `w` (integers, `index`, i1).
    Int { w: u32, v: SExpr, p: SExpr },
    /// An IEEE float of format `k`.
    Float { k: FKind, v: SExpr, p: SExpr },
    /// The elements of a vector, array or struct, in order.
    Agg(Vec<SVal>),
    /// A Standard memref: buffer `buf` of the Standard memory, viewed with these sizes,
    /// strides and offset (in elements, 64 bits).
    MemRef {
        buf: usize,
        sizes: Vec<SExpr>,
        strides: Vec<SExpr>,
        offset: SExpr,
    },
    /// Any other term, of its sort (memory observed at a return: arrays, liveness).
    Term { sort: SExpr, v: SExpr, p: SExpr },
    /// An LLVM pointer: block `blk` of the LLVM memory (`None`: no block, as the null
    /// pointer) and a byte offset into it (64 bits).
    Ptr {
        blk: Option<usize>,
        off: SExpr,
        p: SExpr,
    },
}

/// The scalar kind of a type, if it is a scalar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    Int(u32),
    Float(FKind),
    /// An LLVM pointer (only where `build` meets one).
    Ptr,
}

/// The scalar kind of `t`, with `index` at `index_bits`.
pub fn scalar(t: &Type, index_bits: u32) -> Option<Scalar> {
    Some(match t {
        Type::Int(w) => Scalar::Int(*w),
        Type::Index => Scalar::Int(index_bits),
        Type::F16 => Scalar::Float(FKind::F16),
        Type::BF16 => Scalar::Float(FKind::BF16),
        Type::F32 => Scalar::Float(FKind::F32),
        Type::F64 => Scalar::Float(FKind::F64),
        _ => return None,
    })
}

/// A memref's element type as memory holds it: its scalar kind, where its lanes are
/// and its size (`memory::vector_layout`; one lane at 0 for a scalar), and its type
/// with `index` at `index_bits`.
pub fn mem_elem(t: &Type, index_bits: u32) -> Option<(Scalar, (Vec<u64>, u64), Type)> {
    let at_width = |t: &Type| match t {
        Type::Index => Type::Int(index_bits),
        t => t.clone(),
    };
    let (s, shape, t) = match t {
        Type::Vector(v) if !v.shape.is_empty() => {
            let mut w = (**v).clone();
            w.elem = at_width(&v.elem);
            let t = Type::Vector(std::sync::Arc::new(w));
            (scalar(&v.elem, index_bits)?, v.shape.clone(), t)
        }
        t => (scalar(t, index_bits)?, Vec::new(), at_width(t)),
    };
    let lanes = crate::memory::vector_layout(&shape, crate::memory::scalar_bytes(s));
    Some((s, lanes, t))
}

impl SVal {
    /// The term of a scalar.
    pub fn term(&self) -> Result<SExpr, Stop> {
        match self {
            SVal::Int { v, .. }
            | SVal::Float { v, .. }
            | SVal::Ptr { off: v, .. }
            | SVal::Term { v, .. } => Ok(*v),
            _ => Err(Stop::NotModelled(
                "an aggregate where a scalar is expected".into(),
            )),
        }
    }
    /// The poison flag of a scalar.
    pub fn poison(&self) -> Result<SExpr, Stop> {
        match self {
            SVal::Int { p, .. }
            | SVal::Float { p, .. }
            | SVal::Ptr { p, .. }
            | SVal::Term { p, .. } => Ok(*p),
            _ => Err(Stop::NotModelled(
                "an aggregate where a scalar is expected".into(),
            )),
        }
    }
    /// The elements of an aggregate.
    pub fn elems(&self) -> Result<&[SVal], Stop> {
        match self {
            SVal::Agg(xs) => Ok(xs),
            _ => Err(Stop::NotModelled(
                "a scalar where an aggregate is expected".into(),
            )),
        }
    }
    /// Every scalar leaf, in order.
    pub fn leaves(&self, out: &mut Vec<SVal>) {
        match self {
            SVal::Agg(xs) => xs.iter().for_each(|x| x.leaves(out)),
            s => out.push(s.clone()),
        }
    }
    /// The same kind of value with another term and poison flag.
    pub fn with(&self, v: SExpr, p: SExpr) -> SVal {
        match self {
            SVal::Int { w, .. } => SVal::Int { w: *w, v, p },
            SVal::Float { k, .. } => SVal::Float { k: *k, v, p },
            SVal::Term { sort, .. } => SVal::Term { sort: *sort, v, p },
            SVal::Ptr { blk, .. } => SVal::Ptr {
                blk: *blk,
                off: v,
                p,
            },
            SVal::Agg(_) | SVal::MemRef { .. } => unreachable!("with() on an aggregate"),
        }
    }
}

/// The sort of a scalar kind.
pub fn sort(smt: &Smt, s: Scalar) -> SExpr {
    match s {
        Scalar::Int(w) => smt.bv_sort(w),
        Scalar::Float(k) => smt.fp_sort(k),
        Scalar::Ptr => smt.bv_sort(64),
    }
}

/// The leaf of kind `s` with term `v` and poison flag `p`.
pub fn leaf_of(s: Scalar, v: SExpr, p: SExpr) -> SVal {
    match s {
        Scalar::Int(w) => SVal::Int { w, v, p },
        Scalar::Float(k) => SVal::Float { k, v, p },
        Scalar::Ptr => SVal::Ptr {
            blk: None,
            off: v,
            p,
        },
    }
}

/// The zero of kind `s` (the null pointer for pointers).
pub fn zero_of(smt: &Smt, s: Scalar) -> SExpr {
    match s {
        Scalar::Int(w) => smt.bv(w, 0),
        Scalar::Float(k) => smt.fp_f64(k, 0.0),
        Scalar::Ptr => smt.bv(64, 0),
    }
}

/// `c ? a : b`, leaf by leaf, each leaf named.
pub fn ite(smt: &mut Smt, c: SExpr, a: &SVal, b: &SVal) -> Result<SVal, Stop> {
    Ok(match (a, b) {
        (SVal::Int { w, v: v1, p: p1 }, SVal::Int { v: v2, p: p2, .. }) => {
            let s = smt.bv_sort(*w);
            let v = smt.ctx.ite(c, *v1, *v2);
            let p = smt.ctx.ite(c, *p1, *p2);
            SVal::Int {
                w: *w,
                v: smt.def_eq(s, v)?,
                p: smt.def_eq(smt.ctx.bool_sort(), p)?,
            }
        }
        (SVal::Float { k, v: v1, p: p1 }, SVal::Float { v: v2, p: p2, .. }) => {
            let s = smt.fp_sort(*k);
            let v = smt.ctx.ite(c, *v1, *v2);
            let p = smt.ctx.ite(c, *p1, *p2);
            let v = smt.def_eq(s, v)?;
            crate::nan::track_ite(smt, c, *v1, *v2, v);
            SVal::Float {
                k: *k,
                v,
                p: smt.def_eq(smt.ctx.bool_sort(), p)?,
            }
        }
        (SVal::Agg(xs), SVal::Agg(ys)) if xs.len() == ys.len() => SVal::Agg(
            xs.iter()
                .zip(ys)
                .map(|(x, y)| ite(smt, c, x, y))
                .collect::<Result<_, _>>()?,
        ),
        (SVal::Term { sort, v: v1, p: p1 }, SVal::Term { v: v2, p: p2, .. }) => {
            let v = smt.ctx.ite(c, *v1, *v2);
            let p = smt.ctx.ite(c, *p1, *p2);
            SVal::Term {
                sort: *sort,
                v: smt.def_eq(*sort, v)?,
                p: smt.def_eq(smt.ctx.bool_sort(), p)?,
            }
        }
        (
            SVal::Ptr {
                blk: k1,
                off: o1,
                p: p1,
            },
            SVal::Ptr {
                blk: k2,
                off: o2,
                p: p2,
            },
        ) if k1 == k2 => {
            let s = smt.bv_sort(64);
            let v = smt.ctx.ite(c, *o1, *o2);
            let p = smt.ctx.ite(c, *p1, *p2);
            SVal::Ptr {
                blk: *k1,
                off: smt.def_eq(s, v)?,
                p: smt.def_eq(smt.ctx.bool_sort(), p)?,
            }
        }
        (
            SVal::MemRef {
                buf: b1,
                sizes: s1,
                strides: t1,
                offset: o1,
            },
            SVal::MemRef {
                buf: b2,
                sizes: s2,
                strides: t2,
                offset: o2,
            },
        ) if b1 == b2 && s1.len() == s2.len() && t1 == t2 && o1 == o2 => {
            let mut sizes = Vec::new();
            for (x, y) in s1.iter().zip(s2) {
                sizes.push(if x == y {
                    *x
                } else {
                    let e = smt.ctx.ite(c, *x, *y);
                    let srt = smt.bv_sort(64);
                    smt.def_eq(srt, e)?
                });
            }
            SVal::MemRef {
                buf: *b1,
                sizes,
                strides: t1.clone(),
                offset: *o1,
            }
        }
        _ => {
            return Err(Stop::NotModelled(
                "values of different shapes (or memory blocks) merged".into(),
            ))
        }
    })
}

/// A value of type `t` whose every leaf is built by `leaf` (for inputs, undef, zero...).
/// Standard vectors are flat lists of their elements in row-major order; LLVM arrays and
/// structs are lists of their members.
pub fn build(
    t: &Type,
    index_bits: u32,
    leaf: &mut dyn FnMut(Scalar) -> Result<SVal, Stop>,
) -> Result<SVal, Stop> {
    if let Some(s) = scalar(t, index_bits) {
        return leaf(s);
    }
    match t {
        Type::Vector(v) => {
            let s = scalar(&v.elem, index_bits)
                .ok_or_else(|| Stop::NotModelled(format!("vectors of {}", v.elem)))?;
            let n: u64 = v.shape.iter().product();
            Ok(SVal::Agg(
                (0..n).map(|_| leaf(s)).collect::<Result<_, _>>()?,
            ))
        }
        Type::LlvmArray(n, e) => Ok(SVal::Agg(
            (0..*n)
                .map(|_| build(e, index_bits, leaf))
                .collect::<Result<_, _>>()?,
        )),
        Type::LlvmStruct(ms) => Ok(SVal::Agg(
            ms.iter()
                .map(|m| build(m, index_bits, leaf))
                .collect::<Result<_, _>>()?,
        )),
        Type::MemRef(_) | Type::UnrankedMemRef(..) => Err(Stop::NotModelled("memrefs".into())),
        Type::LlvmPtr(..) => leaf(Scalar::Ptr),
        other => Err(Stop::NotModelled(format!("values of type {other}"))),
    }
}

/// The Standard vector type's shape (empty for scalars).
pub fn vector_shape(t: &Type) -> Vec<u64> {
    match t {
        Type::Vector(v) => v.shape.clone(),
        _ => Vec::new(),
    }
}
