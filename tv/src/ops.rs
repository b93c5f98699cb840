//! The value part of each scalar operation as an SMT term, shared by both semantics:
//! what an op computes when it is defined. Where it is undefined (Standard) or poison
//! (LLVM) is each side's own rule, in `std_sem` and `llvm_sem`.

use crate::smt::{FKind, Smt};
use easy_smt::SExpr;

/// The integer binary operations of both dialects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntOp {
    Add,
    Sub,
    Mul,
    DivS,
    DivU,
    RemS,
    RemU,
    And,
    Or,
    Xor,
    Shl,
    ShrS,
    ShrU,
}

/// `a op b` at width `w`, wrapping; for division and shifts, the value where defined.
pub fn int_binary(smt: &Smt, op: IntOp, a: SExpr, b: SExpr) -> SExpr {
    let c = &smt.ctx;
    match op {
        IntOp::Add => c.bvadd(a, b),
        IntOp::Sub => c.bvsub(a, b),
        IntOp::Mul => c.bvmul(a, b),
        IntOp::DivS => c.bvsdiv(a, b),
        IntOp::DivU => c.bvudiv(a, b),
        IntOp::RemS => c.bvsrem(a, b),
        IntOp::RemU => c.bvurem(a, b),
        IntOp::And => c.bvand(a, b),
        IntOp::Or => c.bvor(a, b),
        IntOp::Xor => c.bvxor(a, b),
        IntOp::Shl => c.bvshl(a, b),
        IntOp::ShrS => c.bvashr(a, b),
        IntOp::ShrU => c.bvlshr(a, b),
    }
}

/// Whether a division or remainder of `a` by `b` at width `w` is undefined: by zero,
/// or (signed) the smallest value by -1. `None` for the other ops.
pub fn div_undefined(smt: &Smt, op: IntOp, a: SExpr, b: SExpr, w: u32) -> Option<SExpr> {
    let c = &smt.ctx;
    let zero = c.eq(b, smt.bv(w, 0));
    match op {
        IntOp::DivU | IntOp::RemU => Some(zero),
        IntOp::DivS | IntOp::RemS => {
            let min = smt.bv(w, 1i128 << (w - 1));
            let ovf = c.and(c.eq(a, min), c.eq(b, smt.bv(w, -1)));
            Some(c.or(zero, ovf))
        }
        _ => None,
    }
}

/// Whether a shift by `b` at width `w` shifts by at least the width. `None` for the
/// other ops.
pub fn shift_too_far(smt: &Smt, op: IntOp, b: SExpr, w: u32) -> Option<SExpr> {
    match op {
        IntOp::Shl | IntOp::ShrS | IntOp::ShrU => {
            let lim = if w == 1 {
                // Any nonzero i1 amount is 1 >= 1.
                return Some(smt.ctx.not(smt.ctx.eq(b, smt.bv(1, 0))));
            } else {
                smt.bv(w, w as i128)
            };
            Some(smt.ctx.bvuge(b, lim))
        }
        _ => None,
    }
}

/// The integer comparison of predicate `pred` (`eq`, `slt`, ...), as a Boolean.
pub fn icmp(smt: &Smt, pred: &str, a: SExpr, b: SExpr) -> Option<SExpr> {
    let c = &smt.ctx;
    Some(match pred {
        "eq" => c.eq(a, b),
        "ne" => c.not(c.eq(a, b)),
        "slt" => c.bvslt(a, b),
        "sle" => c.bvsle(a, b),
        "sgt" => c.bvsgt(a, b),
        "sge" => c.bvsge(a, b),
        "ult" => c.bvult(a, b),
        "ule" => c.bvule(a, b),
        "ugt" => c.bvugt(a, b),
        "uge" => c.bvuge(a, b),
        _ => return None,
    })
}

/// The float comparison of predicate `pred` (`oeq`, `ult`, `false`, `_true`, ...), as a
/// Boolean, by IEEE 754's rules.
pub fn fcmp(smt: &Smt, pred: &str, a: SExpr, b: SExpr) -> Option<SExpr> {
    let c = &smt.ctx;
    let pred = pred.strip_prefix('_').unwrap_or(pred);
    let uno = c.or(smt.app("fp.isNaN", vec![a]), smt.app("fp.isNaN", vec![b]));
    let ord = c.not(uno);
    let rel = |r: &str| match r {
        "eq" => smt.app("fp.eq", vec![a, b]),
        "gt" => smt.app("fp.gt", vec![a, b]),
        "ge" => smt.app("fp.geq", vec![a, b]),
        "lt" => smt.app("fp.lt", vec![a, b]),
        "le" => smt.app("fp.leq", vec![a, b]),
        _ => c.not(smt.app("fp.eq", vec![a, b])),
    };
    Some(match pred {
        "false" => c.false_(),
        "true" => c.true_(),
        "ord" => ord,
        "uno" => uno,
        p if p.len() == 3 && p.starts_with('o') => c.and(ord, rel(&p[1..])),
        p if p.len() == 3 && p.starts_with('u') => c.or(uno, rel(&p[1..])),
        _ => return None,
    })
}

/// The float binary operations of both dialects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    CopySign,
}

/// `a op b` in format `k`, rounding to nearest even; `Rem` is C's `fmod` (the
/// remainder of the division truncated toward zero, exact), `CopySign` the magnitude
/// of `a` with the sign of `b`.
pub fn float_binary(smt: &mut Smt, op: FloatOp, a: SExpr, b: SExpr) -> SExpr {
    if op == FloatOp::CopySign {
        // The sign bit of `b`, a NaN's included (`crate::nan`).
        let neg = crate::nan::copysign_sign(smt, b);
        let abs_a = smt.app("fp.abs", vec![a]);
        return smt.ctx.ite(neg, smt.app("fp.neg", vec![abs_a]), abs_a);
    }
    let c = &smt.ctx;
    let rne = smt.rne();
    match op {
        FloatOp::Add => smt.app("fp.add", vec![rne, a, b]),
        FloatOp::Sub => smt.app("fp.sub", vec![rne, a, b]),
        FloatOp::Mul => smt.app("fp.mul", vec![rne, a, b]),
        FloatOp::Div => smt.app("fp.div", vec![rne, a, b]),
        FloatOp::Rem => {
            // IEEE remainder r = a - b*n, n the nearest integer to a/b; fmod's quotient
            // is truncated instead, so where r's sign differs from a's (and r is not
            // zero), fmod is r + |b| with a's sign, which is exact.
            let r = smt.app("fp.rem", vec![a, b]);
            let abs_b = smt.app("fp.abs", vec![b]);
            let a_neg = smt.app("fp.isNegative", vec![a]);
            let r_neg = smt.app("fp.isNegative", vec![r]);
            let r_zero = smt.app("fp.isZero", vec![r]);
            let adj = c.ite(
                a_neg,
                smt.app("fp.sub", vec![rne, r, abs_b]),
                smt.app("fp.add", vec![rne, r, abs_b]),
            );
            let fix = c.and(c.not(r_zero), c.not(c.eq(a_neg, r_neg)));
            c.ite(fix, adj, r)
        }
        FloatOp::CopySign => unreachable!("handled above"),
    }
}

/// The float functions of one operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatFn {
    Neg,
    Abs,
    Sqrt,
    Ceil,
    /// A function with no exact SMT counterpart (`exp`, `sin`, ...): an uninterpreted
    /// function of its name, the same on both sides.
    Opaque(&'static str),
}

/// `f(a)` in format `k`.
pub fn float_unary(smt: &mut Smt, f: FloatFn, k: FKind, a: SExpr) -> Result<SExpr, crate::Stop> {
    Ok(match f {
        FloatFn::Neg => smt.app("fp.neg", vec![a]),
        FloatFn::Abs => smt.app("fp.abs", vec![a]),
        FloatFn::Sqrt => smt.app("fp.sqrt", vec![smt.rne(), a]),
        FloatFn::Ceil => smt.app("fp.roundToIntegral", vec![smt.ctx.atom("RTP"), a]),
        FloatFn::Opaque(name) => {
            let fname = format!("{name}_{}", k.name());
            if !smt.declared.contains(&fname) {
                let s = smt.fp_sort(k);
                smt.ctx.declare_fun(fname.clone(), vec![s], s)?;
                smt.declared.insert(fname.clone());
            }
            smt.app(&fname, vec![a])
        }
    })
}

/// `sitofp`: the signed integer `a` rounded to format `k`.
pub fn sitofp(smt: &Smt, k: FKind, a: SExpr) -> SExpr {
    let (e, s) = k.eb_sb();
    smt.indexed("to_fp", &[e, s], vec![smt.rne(), a])
}

/// `fpext`/`fptrunc`: `a` of one format rounded to format `to`.
pub fn fconvert(smt: &Smt, to: FKind, a: SExpr) -> SExpr {
    let (e, s) = to.eb_sb();
    smt.indexed("to_fp", &[e, s], vec![smt.rne(), a])
}

/// `fptosi` to width `w`: the value truncated toward zero (where it fits) and whether
/// it does not fit (NaN, infinite or out of range), which is undefined behaviour in the
/// Standard interpreter and poison in LLVM.
pub fn fptosi(smt: &Smt, k: FKind, w: u32, a: SExpr) -> (SExpr, SExpr) {
    let c = &smt.ctx;
    let rtz = c.atom("RTZ");
    let v = smt.indexed("fp.to_sbv", &[w], vec![rtz, a]);
    // Every value of every format is exact in f64, and so are +-2^(w-1) for w <= 128.
    let wide = if k == FKind::F64 {
        a
    } else {
        smt.indexed("to_fp", &[11, 53], vec![smt.rne(), a])
    };
    let t = smt.app("fp.roundToIntegral", vec![rtz, wide]);
    let lim = 2f64.powi(w as i32 - 1);
    let lo = smt.fp_f64(FKind::F64, -lim);
    let hi = smt.fp_f64(FKind::F64, lim);
    let bad = c.or_many([
        smt.app("fp.isNaN", vec![a]),
        smt.app("fp.lt", vec![t, lo]),
        smt.app("fp.geq", vec![t, hi]),
    ]);
    (v, bad)
}
