//! The sign of a NaN, which SMT-LIB's `FloatingPoint` cannot hold (it has one NaN).
//!
//! Most ops never let a NaN's sign or payload be seen: results compare NaN equal to NaN
//! (as every path's output does), comparisons ignore it, `fptosi` of a NaN is undefined.
//! `copysign` is the exception: its result's sign is the sign *bit* of its second
//! operand, NaN or not. So each float term may carry, beside it, a Boolean that is its
//! sign bit when it is a NaN: for the arguments (a fresh Boolean each, shared by both
//! sides), NaN literals, and the sign-bit ops (`negf`/`fneg` flip it, `absf`/`fabs`
//! clear it, `copysign` sets it); a merge keeps it when both arms know it. Every other
//! op (arithmetic, casts, memory) gives a NaN whose sign this model does not know (LLVM
//! leaves it unspecified). A `copysign` whose sign operand may be such a NaN adds its
//! NaN condition to [`crate::smt::Smt::nan_dep`]: an input meeting it is not claimed,
//! and a proof that cannot exclude one is `unknown`.

use crate::ops::{FloatFn, FloatOp};
use crate::smt::Smt;
use easy_smt::SExpr;

/// The sign bit of `a` where it is a NaN, when the model knows it.
pub fn sign(smt: &Smt, a: SExpr) -> Option<SExpr> {
    if let Some(s) = smt.nan_sign.get(&a) {
        return Some(*s);
    }
    // A literal `(fp s e m)` carries its sign bit.
    let l = smt.ctx.get_list(a)?;
    if l.len() == 4 && smt.ctx.get_atom(l[0]) == Some("fp") {
        let s = crate::model::bv_value(smt, l[1]).ok()?;
        return Some(if s == 1 {
            smt.ctx.true_()
        } else {
            smt.ctx.false_()
        });
    }
    None
}

/// The sign bit `copysign` takes from `b` (the model's NaN sign where `b` is a NaN),
/// recording a NaN dependence when `b` may be a NaN of unknown sign.
pub fn copysign_sign(smt: &mut Smt, b: SExpr) -> SExpr {
    let neg = smt.app("fp.isNegative", vec![b]);
    let is_nan = smt.app("fp.isNaN", vec![b]);
    match sign(smt, b) {
        Some(n) => smt.ctx.ite(is_nan, n, neg),
        None => {
            smt.nan_dep.push(is_nan);
            neg
        }
    }
}

/// The sign bit `copysign` takes from `b`, without recording (for tracking a result).
fn copysign_sign_pure(smt: &Smt, b: SExpr) -> SExpr {
    let neg = smt.app("fp.isNegative", vec![b]);
    match sign(smt, b) {
        Some(n) => smt.ctx.ite(smt.app("fp.isNaN", vec![b]), n, neg),
        None => neg,
    }
}

/// Records the NaN sign of `r`, the result of the binary op `op` on `a`, `b`.
pub fn track_binary(smt: &mut Smt, op: FloatOp, b: SExpr, r: SExpr) {
    if op == FloatOp::CopySign {
        let s = copysign_sign_pure(smt, b);
        smt.nan_sign.insert(r, s);
    }
}

/// Records the NaN sign of `r`, the result of the unary op `f` on `a`.
pub fn track_unary(smt: &mut Smt, f: FloatFn, a: SExpr, r: SExpr) {
    match f {
        FloatFn::Neg => {
            if let Some(s) = sign(smt, a) {
                let n = smt.ctx.not(s);
                smt.nan_sign.insert(r, n);
            }
        }
        FloatFn::Abs => {
            let f = smt.ctx.false_();
            smt.nan_sign.insert(r, f);
        }
        _ => {}
    }
}

/// Records the NaN sign of `r = c ? a : b` when both arms know theirs.
pub fn track_ite(smt: &mut Smt, c: SExpr, a: SExpr, b: SExpr, r: SExpr) {
    if let (Some(x), Some(y)) = (sign(smt, a), sign(smt, b)) {
        let s = if x == y { x } else { smt.ctx.ite(c, x, y) };
        smt.nan_sign.insert(r, s);
    }
}

/// Whether some `copysign` may take the sign of a NaN the model does not know.
pub fn dependence(smt: &Smt) -> SExpr {
    smt.ctx
        .or_many(std::iter::once(smt.ctx.false_()).chain(smt.nan_dep.iter().copied()))
}
