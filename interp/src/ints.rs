//! Integer semantics at every width from 1 to 128 bits.
//!
//! A value of width `w` is held as an `i128` sign-extended from bit `w - 1` (the
//! canonical form: equal bit patterns are equal `i128`s, i1 true is -1). Arithmetic
//! wraps in two's complement; unsigned views mask to the width. Division and
//! remainder truncate toward zero (the remainder takes the dividend's sign); division
//! by zero, `MIN / -1` and shifts by at least the width are undefined behaviour.

use crate::trap::{rules, Ub};

/// Sign-extends the low `w` bits of `v` (1 <= w <= 128).
#[inline(always)]
pub fn sext(v: i128, w: u32) -> i128 {
    let s = 128 - w;
    (v << s) >> s
}

/// The low `w` bits of `v` as an unsigned number.
#[inline(always)]
pub fn zext(v: i128, w: u32) -> u128 {
    let s = 128 - w;
    ((v as u128) << s) >> s
}

/// The smallest signed value of width `w`.
#[inline]
pub fn min_signed(w: u32) -> i128 {
    sext(1i128 << (w - 1), w)
}

/// Binary integer operations of the Standard dialect.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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

/// `a op b` at width `w`; operands are canonical (sign-extended), so is the result.
#[inline(always)]
pub fn binary(op: IntOp, a: i128, b: i128, w: u32) -> Result<i128, Ub> {
    Ok(match op {
        IntOp::Add => sext(a.wrapping_add(b), w),
        IntOp::Sub => sext(a.wrapping_sub(b), w),
        IntOp::Mul => sext(a.wrapping_mul(b), w),
        IntOp::And => a & b,
        IntOp::Or => a | b,
        IntOp::Xor => a ^ b,
        IntOp::DivS | IntOp::RemS => {
            if b == 0 {
                return Err(div_by_zero(op, a, w));
            }
            if b == -1 && a == min_signed(w) {
                return Err(Ub::new(
                    rules::DIV_OVERFLOW,
                    format!("{} overflow: {a} / -1 does not fit in i{w}", op_name(op)),
                ));
            }
            // In range for every width: |a / b| <= |a| and a != i128::MIN unless w == 128,
            // where MIN / -1 was excluded above.
            if op == IntOp::DivS {
                sext(a / b, w)
            } else {
                sext(a % b, w)
            }
        }
        IntOp::DivU | IntOp::RemU => {
            let (x, y) = (zext(a, w), zext(b, w));
            if y == 0 {
                return Err(div_by_zero(op, a, w));
            }
            if op == IntOp::DivU {
                sext((x / y) as i128, w)
            } else {
                sext((x % y) as i128, w)
            }
        }
        IntOp::Shl | IntOp::ShrS | IntOp::ShrU => {
            let amount = zext(b, w);
            if amount >= w as u128 {
                return Err(Ub::new(
                    rules::SHIFT,
                    format!(
                        "{} by {amount}, at least the bit width of i{w}",
                        op_name(op)
                    ),
                ));
            }
            let n = amount as u32;
            match op {
                IntOp::Shl => sext(((a as u128) << n) as i128, w),
                IntOp::ShrS => a >> n,
                _ => sext((zext(a, w) >> n) as i128, w),
            }
        }
    })
}

#[cold]
fn div_by_zero(op: IntOp, a: i128, w: u32) -> Ub {
    Ub::new(
        rules::DIV_BY_ZERO,
        format!("{} of {a} by zero (i{w})", op_name(op)),
    )
}

/// The Standard op name of a binary integer operation.
pub fn op_name(op: IntOp) -> &'static str {
    match op {
        IntOp::Add => "addi",
        IntOp::Sub => "subi",
        IntOp::Mul => "muli",
        IntOp::DivS => "divi_signed",
        IntOp::DivU => "divi_unsigned",
        IntOp::RemS => "remi_signed",
        IntOp::RemU => "remi_unsigned",
        IntOp::And => "and",
        IntOp::Or => "or",
        IntOp::Xor => "xor",
        IntOp::Shl => "shift_left",
        IntOp::ShrS => "shift_right_signed",
        IntOp::ShrU => "shift_right_unsigned",
    }
}

/// `cmpi` with predicate number `pred` (the index in `CMPI_PREDICATES`: eq, ne, slt,
/// sle, sgt, sge, ult, ule, ugt, uge) at width `w`.
#[inline(always)]
pub fn cmp(pred: u8, a: i128, b: i128, w: u32) -> bool {
    match pred {
        0 => a == b,
        1 => a != b,
        2 => a < b,
        3 => a <= b,
        4 => a > b,
        5 => a >= b,
        6 => zext(a, w) < zext(b, w),
        7 => zext(a, w) <= zext(b, w),
        8 => zext(a, w) > zext(b, w),
        _ => zext(a, w) >= zext(b, w),
    }
}

/// An i1 from a Rust bool, in canonical form (true is -1).
#[inline(always)]
pub fn from_bool(b: bool) -> i128 {
    -(b as i128)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_odd_widths() {
        assert_eq!(binary(IntOp::Add, 65535, 1, 17).unwrap(), -65536);
        assert_eq!(binary(IntOp::Mul, 1000, 1000, 17).unwrap(), 82496 - 131072);
        assert_eq!(binary(IntOp::Add, -1, 0, 1).unwrap(), -1);
        assert_eq!(binary(IntOp::Add, -1, -1, 1).unwrap(), 0);
    }

    #[test]
    fn division_rules() {
        assert_eq!(binary(IntOp::DivS, -7, 2, 32).unwrap(), -3);
        assert_eq!(binary(IntOp::RemS, -7, 2, 32).unwrap(), -1);
        assert_eq!(binary(IntOp::RemS, 7, -2, 32).unwrap(), 1);
        assert_eq!(binary(IntOp::DivU, -3, 7, 17).unwrap(), 18724);
        assert!(binary(IntOp::DivS, 1, 0, 8).is_err());
        let e = binary(IntOp::DivS, i128::MIN, -1, 128).unwrap_err();
        assert_eq!(e.rule, rules::DIV_OVERFLOW);
        assert_eq!(
            binary(IntOp::RemS, min_signed(8), -1, 8).unwrap_err().rule,
            rules::DIV_OVERFLOW
        );
    }

    #[test]
    fn shifts() {
        assert_eq!(binary(IntOp::Shl, 1, 16, 17).unwrap(), -65536);
        assert_eq!(binary(IntOp::ShrU, -1, 1, 8).unwrap(), 127);
        assert_eq!(binary(IntOp::ShrS, -128, 7, 8).unwrap(), -1);
        assert_eq!(binary(IntOp::Shl, 1, 8, 8).unwrap_err().rule, rules::SHIFT);
        assert_eq!(binary(IntOp::Shl, 1, -1, 8).unwrap_err().rule, rules::SHIFT);
        assert_eq!(binary(IntOp::Shl, 1, 127, 128).unwrap(), i128::MIN);
    }
}
