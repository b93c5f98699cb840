//! Element operations shared by the scalar instructions and the element-wise vector
//! path: one description (`Op1`, `Op2`) and one evaluator each, so that a vector lane
//! computes exactly what the scalar op computes.

use crate::floats::{self, FKind, FloatOp, MathFn};
use crate::ints::{self, IntOp};
use crate::trap::Ub;

/// One-operand element operations (negf, absf, the math functions and the casts).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Op1 {
    NegF(FKind),
    AbsF(FKind),
    /// `sqrt`, `exp`, `ceilf`...
    Math(MathFn, FKind),
    /// `sitofp` to a float kind (operands are canonical at any width).
    SIToFP(FKind),
    /// `fptosi` to an integer of this width.
    FPToSI(FKind, u8),
    /// `fpext` / `fptrunc`.
    FConv(FKind, FKind),
    /// `zexti` from this width.
    ZExt(u8),
    /// `sexti` (a no-op on canonical values), `trunci` and `index_cast`: sign-extend
    /// the low bits of the target width.
    SExt(u8),
}

/// Two-operand element operations.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Op2 {
    Int(IntOp, u8),
    CmpI(u8, u8),
    Float(FloatOp, FKind),
    CmpF(u8, FKind),
}

/// The `u8` width fields hold 1..=128; 128 does not fit in the 7 low bits only, so
/// widths are stored as is (u8 holds 128).
#[inline(always)]
pub fn w(x: u8) -> u32 {
    x as u32
}

#[inline]
pub fn eval1(op: Op1, a: i128) -> Result<i128, Ub> {
    Ok(match op {
        Op1::NegF(k) => floats::neg(k, a),
        Op1::AbsF(k) => floats::abs(k, a),
        Op1::Math(f, k) => floats::math(f, k, a),
        Op1::SIToFP(k) => floats::from_int(k, a),
        Op1::FPToSI(k, to) => floats::to_int(k, a, w(to))?,
        Op1::FConv(from, to) => floats::convert(from, to, a),
        Op1::ZExt(from) => ints::zext(a, w(from)) as i128,
        Op1::SExt(to) => ints::sext(a, w(to)),
    })
}

#[inline]
pub fn eval2(op: Op2, a: i128, b: i128) -> Result<i128, Ub> {
    Ok(match op {
        Op2::Int(o, width) => ints::binary(o, a, b, w(width))?,
        Op2::CmpI(p, width) => ints::from_bool(ints::cmp(p, a, b, w(width))),
        Op2::Float(o, k) => floats::binary(o, k, a, b),
        Op2::CmpF(p, k) => ints::from_bool(floats::cmp(p, k, a, b)),
    })
}
