//! Property tests: integer arithmetic against Rust's own wrapping/checked operations
//! at native widths and against a modular mask model at odd widths; f16 arithmetic
//! against the `half` crate and against exact-in-f64 references rounded once.

use interp::floats::{self, FKind, FloatOp, MathFn};
use interp::ints::{self, IntOp};
use interp::trap::rules;
use proptest::prelude::*;

const OPS: [IntOp; 13] = [
    IntOp::Add,
    IntOp::Sub,
    IntOp::Mul,
    IntOp::DivS,
    IntOp::DivU,
    IntOp::RemS,
    IntOp::RemU,
    IntOp::And,
    IntOp::Or,
    IntOp::Xor,
    IntOp::Shl,
    IntOp::ShrS,
    IntOp::ShrU,
];

/// Checks one op at a native width against Rust's checked/wrapping operations.
macro_rules! native_check {
    ($s:ty, $u:ty, $w:expr, $op:expr, $a:expr, $b:expr) => {{
        let (a, b): ($s, $s) = ($a, $b);
        let (ua, ub) = (a as $u, b as $u);
        let got = ints::binary($op, a as i128, b as i128, $w);
        let want: Result<i128, &str> = match $op {
            IntOp::Add => Ok(a.wrapping_add(b) as i128),
            IntOp::Sub => Ok(a.wrapping_sub(b) as i128),
            IntOp::Mul => Ok(a.wrapping_mul(b) as i128),
            IntOp::And => Ok((a & b) as i128),
            IntOp::Or => Ok((a | b) as i128),
            IntOp::Xor => Ok((a ^ b) as i128),
            IntOp::DivS | IntOp::RemS => {
                if b == 0 {
                    Err(rules::DIV_BY_ZERO)
                } else {
                    let r = if $op == IntOp::DivS {
                        a.checked_div(b)
                    } else {
                        a.checked_rem(b)
                    };
                    r.map(|x| x as i128).ok_or(rules::DIV_OVERFLOW)
                }
            }
            IntOp::DivU => ua
                .checked_div(ub)
                .map(|x| x as $s as i128)
                .ok_or(rules::DIV_BY_ZERO),
            IntOp::RemU => ua
                .checked_rem(ub)
                .map(|x| x as $s as i128)
                .ok_or(rules::DIV_BY_ZERO),
            IntOp::Shl | IntOp::ShrS | IntOp::ShrU => {
                if ub >= $w as $u {
                    Err(rules::SHIFT)
                } else {
                    let n = ub as u32;
                    Ok(match $op {
                        IntOp::Shl => a.wrapping_shl(n) as i128,
                        IntOp::ShrS => (a >> n) as i128,
                        _ => (ua >> n) as $s as i128,
                    })
                }
            }
        };
        prop_assert_eq!(got.map_err(|e| e.rule), want, "{:?} {} {}", $op, a, b);
        for p in 0..10u8 {
            let want = match p {
                0 => a == b,
                1 => a != b,
                2 => a < b,
                3 => a <= b,
                4 => a > b,
                5 => a >= b,
                6 => ua < ub,
                7 => ua <= ub,
                8 => ua > ub,
                _ => ua >= ub,
            };
            prop_assert_eq!(ints::cmp(p, a as i128, b as i128, $w), want);
        }
    }};
}

fn op() -> impl Strategy<Value = IntOp> {
    (0..OPS.len()).prop_map(|i| OPS[i])
}

/// Small operands make division, shifts and overflow corners likely.
fn edge_i64() -> impl Strategy<Value = i64> {
    prop_oneof![
        any::<i64>(),
        -3i64..=3,
        Just(i64::MIN),
        Just(i64::MAX),
        0i64..70
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn i8_matches_native(op in op(), a in any::<i8>(), b in prop_oneof![any::<i8>(), -2i8..10]) {
        native_check!(i8, u8, 8, op, a, b);
    }

    #[test]
    fn i16_matches_native(op in op(), a in any::<i16>(), b in prop_oneof![any::<i16>(), -2i16..20]) {
        native_check!(i16, u16, 16, op, a, b);
    }

    #[test]
    fn i32_matches_native(op in op(), a in any::<i32>(), b in prop_oneof![any::<i32>(), -2i32..40]) {
        native_check!(i32, u32, 32, op, a, b);
    }

    #[test]
    fn i64_matches_native(op in op(), a in edge_i64(), b in edge_i64()) {
        native_check!(i64, u64, 64, op, a, b);
    }

    #[test]
    fn i128_matches_native(op in op(), a in any::<i128>(), b in prop_oneof![any::<i128>(), -2i128..140, Just(i128::MIN)]) {
        native_check!(i128, u128, 128, op, a, b);
    }

    /// Odd widths against arithmetic modulo 2^w on unsigned numbers.
    #[test]
    fn odd_widths_match_mask_model(op in op(), w in 1u32..128, a in any::<u128>(), b in prop_oneof![any::<u128>(), 0u128..140]) {
        let mask = if w == 128 { u128::MAX } else { (1u128 << w) - 1 };
        let (ua, ub) = (a & mask, b & mask);
        let signed = |x: u128| -> i128 { ints::sext(x as i128, w) };
        let (sa, sb) = (signed(ua), signed(ub));
        let back = |x: u128| signed(x & mask);
        let min = 1u128 << (w - 1);
        let got = ints::binary(op, sa, sb, w).map_err(|e| e.rule);
        let want: Result<i128, &str> = match op {
            IntOp::Add => Ok(back(ua.wrapping_add(ub))),
            IntOp::Sub => Ok(back(ua.wrapping_sub(ub))),
            IntOp::Mul => Ok(back(ua.wrapping_mul(ub))),
            IntOp::And => Ok(back(ua & ub)),
            IntOp::Or => Ok(back(ua | ub)),
            IntOp::Xor => Ok(back(ua ^ ub)),
            IntOp::DivU => ua.checked_div(ub).map(back).ok_or(rules::DIV_BY_ZERO),
            IntOp::RemU => ua.checked_rem(ub).map(back).ok_or(rules::DIV_BY_ZERO),
            IntOp::DivS | IntOp::RemS => {
                if ub == 0 {
                    Err(rules::DIV_BY_ZERO)
                } else if ua == min && ub == mask {
                    Err(rules::DIV_OVERFLOW)
                } else {
                    // Sign-magnitude on unsigned numbers.
                    let neg = |x: u128| (x >> (w - 1)) & 1 == 1;
                    let mag = |x: u128| if neg(x) { (x.wrapping_neg()) & mask } else { x };
                    let (ma, mb) = (mag(ua), mag(ub));
                    let (q, r) = (ma / mb, ma % mb);
                    if op == IntOp::DivS {
                        let q = if neg(ua) != neg(ub) { q.wrapping_neg() } else { q };
                        Ok(back(q))
                    } else {
                        let r = if neg(ua) { r.wrapping_neg() } else { r };
                        Ok(back(r))
                    }
                }
            }
            IntOp::Shl | IntOp::ShrS | IntOp::ShrU => {
                if ub >= w as u128 {
                    Err(rules::SHIFT)
                } else {
                    let n = ub as u32;
                    Ok(match op {
                        IntOp::Shl => back(ua << n),
                        IntOp::ShrU => back(ua >> n),
                        _ => {
                            let fill = if (ua >> (w - 1)) & 1 == 1 { mask & !(mask >> n) } else { 0 };
                            back((ua >> n) | fill)
                        }
                    })
                }
            }
        };
        prop_assert_eq!(got, want, "{:?} i{} {:#x} {:#x}", op, w, ua, ub);
    }

    #[test]
    fn f16_arithmetic_matches_half_and_exact_references(a in any::<u16>(), b in any::<u16>(), which in 0usize..6) {
        let ops = [FloatOp::Add, FloatOp::Sub, FloatOp::Mul, FloatOp::Div, FloatOp::Rem, FloatOp::CopySign];
        let op = ops[which];
        let (ha, hb) = (half::f16::from_bits(a), half::f16::from_bits(b));
        let got = half::f16::from_bits(floats::binary(op, FKind::F16, a as i128, b as i128) as u16);
        let via_half = match op {
            FloatOp::Add => ha + hb,
            FloatOp::Sub => ha - hb,
            FloatOp::Mul => ha * hb,
            FloatOp::Div => ha / hb,
            FloatOp::Rem => ha % hb,
            FloatOp::CopySign => ha.copysign(hb),
        };
        // + - * are exact in f64 for f16 operands, / is double-rounding safe (53 >= 2*11+2),
        // fmod is exact: so one rounding from f64 is the correctly rounded result.
        let (x, y) = (ha.to_f64(), hb.to_f64());
        let exact = match op {
            FloatOp::Add => x + y,
            FloatOp::Sub => x - y,
            FloatOp::Mul => x * y,
            FloatOp::Div => x / y,
            FloatOp::Rem => x % y,
            FloatOp::CopySign => x.copysign(y),
        };
        let reference = half::f16::from_f64(exact);
        if got.is_nan() {
            prop_assert!(via_half.is_nan() && reference.is_nan());
        } else {
            prop_assert_eq!(got.to_bits(), via_half.to_bits());
            prop_assert_eq!(got.to_bits(), reference.to_bits());
        }
    }

    #[test]
    fn copysign_is_the_host_copysign_bit_for_bit(a in any::<u64>(), b in any::<u64>()) {
        let got = floats::binary(FloatOp::CopySign, FKind::F64, a as i128, b as i128) as u64;
        prop_assert_eq!(got, f64::from_bits(a).copysign(f64::from_bits(b)).to_bits());
        let (a32, b32) = (a as u32, b as u32);
        let got = floats::binary(FloatOp::CopySign, FKind::F32, a32 as i128, b32 as i128) as u32;
        prop_assert_eq!(got, f32::from_bits(a32).copysign(f32::from_bits(b32)).to_bits());
    }

    #[test]
    fn f16_sqrt_and_ceil_are_correctly_rounded(a in any::<u16>()) {
        // Computed in f32 and rounded once: exact for ceil and, as f32 has more than
        // 2p+2 bits, double-rounding safe for sqrt, so both equal f64's rounded once.
        let x = half::f16::from_bits(a).to_f64();
        for (f, exact) in [(MathFn::Sqrt, x.sqrt()), (MathFn::Ceil, x.ceil())] {
            let got = half::f16::from_bits(floats::math(f, FKind::F16, a as i128) as u16);
            let want = half::f16::from_f64(exact);
            if want.is_nan() {
                prop_assert!(got.is_nan());
            } else {
                prop_assert_eq!(got.to_bits(), want.to_bits(), "{:?} {:#x}", f, a);
            }
        }
    }

    #[test]
    fn f16_compares_as_f64(a in any::<u16>(), b in any::<u16>(), p in 0u8..16) {
        let (x, y) = (half::f16::from_bits(a).to_f64(), half::f16::from_bits(b).to_f64());
        prop_assert_eq!(
            floats::cmp(p, FKind::F16, a as i128, b as i128),
            floats::cmp(p, FKind::F64, x.to_bits() as i128, y.to_bits() as i128)
        );
    }

    #[test]
    fn sitofp_f16_rounds_once(v in -70000i128..70000) {
        let got = floats::from_int(FKind::F16, v) as u16;
        prop_assert_eq!(got, half::f16::from_f64(v as f64).to_bits());
    }

    #[test]
    fn sitofp_f32_from_wide_ints_is_correctly_rounded(v in any::<i64>()) {
        // i64 -> f32 through f64 could double-round; the reference rounds exactly via i128.
        let got = f32::from_bits(floats::from_int(FKind::F32, v as i128) as u32);
        prop_assert_eq!(got, v as f32);
    }

    #[test]
    fn fptosi_truncates_or_reports(x in any::<f64>(), w in prop_oneof![Just(8u32), Just(32), Just(64), 1u32..128]) {
        let r = floats::to_int(FKind::F64, x.to_bits() as i128, w);
        let t = x.trunc();
        let lim = 2f64.powi(w as i32 - 1);
        if x.is_nan() || t < -lim || t >= lim {
            prop_assert_eq!(r.map_err(|e| e.rule), Err(rules::FPTOSI));
        } else {
            prop_assert_eq!(r.unwrap(), t as i128);
        }
    }
}

/// An independent model of round-to-nearest-even from f64 to f16: binary-search the
/// largest f16 not above |x|, then pick the nearer of it and its successor (ties to
/// the even significand; the successor of 65504 rounds as 65536, i.e. infinity).
fn f16_nearest(x: f64) -> u16 {
    let sign = if x.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = x.abs();
    let (mut lo, mut l, mut h) = (0u16, 0u16, 0x7c00u16);
    while l <= h {
        let mid = (l + h) / 2;
        if half::f16::from_bits(mid).to_f64() <= a {
            lo = mid;
            l = mid + 1;
        } else if mid == 0 {
            break;
        } else {
            h = mid - 1;
        }
    }
    if lo == 0x7c00 {
        return sign | lo;
    }
    let hi = lo + 1;
    let vl = half::f16::from_bits(lo).to_f64();
    let vh = if hi == 0x7c00 {
        65536.0
    } else {
        half::f16::from_bits(hi).to_f64()
    };
    let bits = if a - vl < vh - a {
        lo
    } else if a - vl > vh - a || lo % 2 == 1 {
        hi
    } else {
        lo
    };
    sign | bits
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// `fptrunc` f64 -> f16 rounds once (`half::f16::from_f64` fails this on F16C hosts).
    #[test]
    fn fptrunc_f64_to_f16_rounds_once(bits in any::<u64>(), near in any::<u16>(), tweak in -3i64..=3) {
        // Half the cases sit within a few f64 ulps of an f16 halfway point.
        let x = if bits % 2 == 0 {
            f64::from_bits(bits)
        } else {
            let v = half::f16::from_bits(near & 0x7bff).to_f64();
            let next = half::f16::from_bits((near & 0x7bff) + 1).to_f64();
            let mid = (v + next) / 2.0;
            f64::from_bits((mid.to_bits() as i64 + tweak) as u64)
        };
        let got = floats::from_f64(FKind::F16, x) as u16;
        if x.is_nan() {
            prop_assert!(half::f16::from_bits(got).is_nan());
        } else {
            prop_assert_eq!(got, f16_nearest(x), "{:e}", x);
        }
    }
}
