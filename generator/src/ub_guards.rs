//! UB removal by construction, in the manner of cranelift-fuzzgen's passes: each guard
//! rewrites only the dangerous operand so the op itself stays in the program.
//!
//! - divisors: `select (d == 0) 1 d`; signed division also maps `MIN / -1` to `MIN / 1`;
//!   vector divisors use `d | 1` (unsigned) and `(d >>u 1) | 1` (signed);
//! - shift amounts: `and` with `width - 1` for power-of-two widths, `remi_unsigned` by
//!   the width otherwise (index: `and 31`, valid whatever the target's index width);
//! - memref indices: `remi_unsigned` by the (positive) dimension size;
//! - `alignment` attributes: never below the element's natural alignment
//!   ([`natural_alignment`]), since lowered loads and stores assume it;
//! - `fptosi` operands: NaN replaced by 0, then clamped into `[-B, B]` with `B` a power
//!   of two strictly inside the target's range.

use converter::ir::{Attribute, BlockId, Body, DenseValues, NewOp, OpKind, Type, ValueId};

/// The bit width integer arithmetic uses for `ty` (index is 64 bits on the hosts we run).
pub fn int_width(ty: &Type) -> u32 {
    match ty.scalar_of() {
        Type::Int(w) => *w,
        _ => 64,
    }
}

/// A constant of a scalar or vector integer type, every element `value`.
pub fn int_splat(body: &mut Body, block: BlockId, ty: &Type, value: i128) -> ValueId {
    let mut b = body.builder(block);
    match ty {
        Type::Vector(v) => {
            let elem = Attribute::int(value, v.elem.clone());
            b.push1(
                NewOp::new(OpKind::Constant)
                    .attr(
                        "value",
                        Attribute::Dense {
                            ty: ty.clone(),
                            values: DenseValues::Splat(Box::new(elem)),
                        },
                    )
                    .result(ty.clone()),
            )
        }
        _ => b.const_int(value, ty.clone()),
    }
}

/// The smallest signed value of width `w`.
pub fn int_min(w: u32) -> i128 {
    if w >= 128 {
        i128::MIN
    } else {
        -(1i128 << (w - 1))
    }
}

/// A divisor that makes `divi_*`/`remi_*` of `a` by it defined: never zero and, for
/// signed ops, never `-1` when `a` is the minimum value.
pub fn safe_divisor(
    body: &mut Body,
    block: BlockId,
    signed: bool,
    a: ValueId,
    d: ValueId,
) -> ValueId {
    let ty = body.value_type(d).clone();
    let w = int_width(&ty);
    if ty.as_vector().is_some() {
        let one = int_splat(body, block, &ty, 1);
        let mut b = body.builder(block);
        if signed {
            let half = b.binary(OpKind::ShiftRightUnsigned, d, one);
            return b.binary(OpKind::Or, half, one);
        }
        return b.binary(OpKind::Or, d, one);
    }
    let zero = int_splat(body, block, &ty, 0);
    let one = int_splat(body, block, &ty, 1);
    let mut bad = body.builder(block).cmpi("eq", d, zero);
    if signed && ty == Type::Index {
        // The width of index depends on the target: refuse -1 whatever the dividend.
        let m1 = int_splat(body, block, &ty, -1);
        let mut b = body.builder(block);
        let is_m1 = b.cmpi("eq", d, m1);
        bad = b.binary(OpKind::Or, bad, is_m1);
    } else if signed {
        let m1 = int_splat(body, block, &ty, -1);
        let min = int_splat(body, block, &ty, int_min(w));
        let mut b = body.builder(block);
        let is_m1 = b.cmpi("eq", d, m1);
        let is_min = b.cmpi("eq", a, min);
        let ov = b.binary(OpKind::And, is_m1, is_min);
        bad = b.binary(OpKind::Or, bad, ov);
    }
    body.builder(block).select(bad, one, d)
}

/// A shift amount below the width of its type.
pub fn safe_shift(body: &mut Body, block: BlockId, amount: ValueId) -> ValueId {
    let ty = body.value_type(amount).clone();
    // index: below 32, valid for 32- and 64-bit targets alike.
    let w = if ty == Type::Index {
        32
    } else {
        int_width(&ty)
    };
    if w.is_power_of_two() {
        let mask = int_splat(body, block, &ty, (w - 1) as i128);
        body.builder(block).binary(OpKind::And, amount, mask)
    } else {
        let wv = int_splat(body, block, &ty, w as i128);
        body.builder(block).binary(OpKind::RemIUnsigned, amount, wv)
    }
}

/// An index in `[0, size)` (`size` must be positive at run time).
pub fn clamp_index(body: &mut Body, block: BlockId, idx: ValueId, size: ValueId) -> ValueId {
    body.builder(block).binary(OpKind::RemIUnsigned, idx, size)
}

/// The clamp bound for `fptosi` from float type `f` to `iW`: a power of two no larger
/// than `2^(W-2)` (so truncation stays inside the signed range) and finite in `f`.
pub fn fptosi_bound(f: &Type, w: u32) -> f64 {
    let max_exp = match f {
        Type::F16 => 15,
        Type::F32 => 127,
        _ => 1023,
    };
    let e = (w as i32 - 2).min(max_exp);
    2f64.powi(e)
}

/// `x` with NaN replaced by 0 and clamped into `[-B, B]` (see [`fptosi_bound`]).
/// `pick` chooses between ordered and unordered predicates, which agree on non-NaN values.
pub fn clamp_for_fptosi(body: &mut Body, block: BlockId, x: ValueId, w: u32, pick: u8) -> ValueId {
    let ty = body.value_type(x).clone();
    let bound = fptosi_bound(&ty, w);
    let mut b = body.builder(block);
    let zero = b.const_float(0.0, ty.clone());
    let lo = b.const_float(-bound, ty.clone());
    let hi = b.const_float(bound, ty.clone());
    let ord = if pick & 1 == 0 {
        b.cmpf("ord", x, x)
    } else {
        b.cmpf("oeq", x, x)
    };
    let x1 = b.select(ord, x, zero);
    let below = b.cmpf(if pick & 2 == 0 { "olt" } else { "ult" }, x1, lo);
    let x2 = b.select(below, lo, x1);
    let above = b.cmpf(if pick & 4 == 0 { "ogt" } else { "uge" }, x2, hi);
    b.select(above, hi, x2)
}

/// A conservative natural (ABI) alignment in bytes of a memref element: scalars their
/// size rounded up to a power of two (at most 16), vectors their whole size rounded up
/// to a power of two.
pub fn natural_alignment(elem: &Type) -> u64 {
    match elem {
        Type::Vector(v) => {
            let bits = v.elem.bit_width().unwrap_or(64) as u64 * v.num_elements();
            bits.div_ceil(8).next_power_of_two()
        }
        Type::Index => 8,
        t => (t.bit_width().unwrap_or(64) as u64)
            .div_ceil(8)
            .next_power_of_two()
            .min(16),
    }
}
