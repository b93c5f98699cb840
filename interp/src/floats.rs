//! IEEE float semantics for f16, bf16, f32 and f64, on values held as the bits of
//! their own format (in the low bits of an `i128` register).
//!
//! f32 and f64 use the host's native operations. f16 and bf16 arithmetic is computed
//! in f32 and rounded once to the narrow format: for `+ - * /` and `sqrt` that is exact
//! (f32 has more than 2p+2 bits for p = 11 and p = 8, so double rounding cannot occur),
//! and `remf` (C's `fmod`) is exact in any format. Conversions round to nearest even
//! once, directly from the source value. `negf` and `absf` only touch the sign bit,
//! NaNs included.

use crate::ints;
use crate::trap::{rules, Ub};
use half::{bf16, f16};

/// A float format.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FKind {
    F16,
    BF16,
    F32,
    F64,
}

impl FKind {
    pub fn name(self) -> &'static str {
        match self {
            FKind::F16 => "f16",
            FKind::BF16 => "bf16",
            FKind::F32 => "f32",
            FKind::F64 => "f64",
        }
    }
    fn sign_bit(self) -> i128 {
        match self {
            FKind::F16 | FKind::BF16 => 1 << 15,
            FKind::F32 => 1 << 31,
            FKind::F64 => 1 << 63,
        }
    }
    /// Bits of precision (significand including the implicit bit).
    fn precision(self) -> u32 {
        match self {
            FKind::F16 => 11,
            FKind::BF16 => 8,
            FKind::F32 => 24,
            FKind::F64 => 53,
        }
    }
}

/// Binary float operations of the Standard dialect.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FloatOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    /// `copysign`: the magnitude of the first operand with the sign of the second.
    CopySign,
}

/// The math functions of the Standard dialect (`sqrt`, `exp`, ...). f32 and f64 call
/// the host's libm, as the native code does; f16 and bf16 compute in f32 and round
/// once to the narrow format, as LLVM does when it promotes them. `rsqrt` is
/// `1.0 / sqrt(x)` with each step rounded, as its lowering computes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MathFn {
    Sqrt,
    Rsqrt,
    Exp,
    Exp2,
    Log,
    Log2,
    Log10,
    Sin,
    Cos,
    Ceil,
}

#[inline(always)]
fn op32(op: FloatOp, x: f32, y: f32) -> f32 {
    match op {
        FloatOp::Add => x + y,
        FloatOp::Sub => x - y,
        FloatOp::Mul => x * y,
        FloatOp::Div => x / y,
        FloatOp::Rem => x % y,
        FloatOp::CopySign => x.copysign(y),
    }
}

/// `a op b` on the bits of two floats of kind `k`.
#[inline(always)]
pub fn binary(op: FloatOp, k: FKind, a: i128, b: i128) -> i128 {
    if op == FloatOp::CopySign {
        // A sign-bit operation in every format, NaNs included.
        return (a & !k.sign_bit()) | (b & k.sign_bit());
    }
    match k {
        FKind::F32 => {
            op32(op, f32::from_bits(a as u32), f32::from_bits(b as u32)).to_bits() as i128
        }
        FKind::F64 => {
            let (x, y) = (f64::from_bits(a as u64), f64::from_bits(b as u64));
            let r = match op {
                FloatOp::Add => x + y,
                FloatOp::Sub => x - y,
                FloatOp::Mul => x * y,
                FloatOp::Div => x / y,
                FloatOp::Rem => x % y,
                FloatOp::CopySign => x.copysign(y),
            };
            r.to_bits() as i128
        }
        FKind::F16 => {
            let x = f16::from_bits(a as u16).to_f32();
            let y = f16::from_bits(b as u16).to_f32();
            f16::from_f32(op32(op, x, y)).to_bits() as i128
        }
        FKind::BF16 => {
            let x = bf16::from_bits(a as u16).to_f32();
            let y = bf16::from_bits(b as u16).to_f32();
            bf16::from_f32(op32(op, x, y)).to_bits() as i128
        }
    }
}

macro_rules! math_fn {
    ($f:expr, $x:expr) => {
        match $f {
            MathFn::Sqrt => $x.sqrt(),
            MathFn::Rsqrt => unreachable!("rsqrt is composed by `math`"),
            MathFn::Exp => $x.exp(),
            MathFn::Exp2 => $x.exp2(),
            MathFn::Log => $x.ln(),
            MathFn::Log2 => $x.log2(),
            MathFn::Log10 => $x.log10(),
            MathFn::Sin => $x.sin(),
            MathFn::Cos => $x.cos(),
            MathFn::Ceil => $x.ceil(),
        }
    };
}

/// `f(a)` on the bits of a float of kind `k`.
pub fn math(f: MathFn, k: FKind, a: i128) -> i128 {
    if f == MathFn::Rsqrt {
        let root = math(MathFn::Sqrt, k, a);
        let one = from_f64(k, 1.0);
        return binary(FloatOp::Div, k, one, root);
    }
    match k {
        FKind::F32 => math_fn!(f, f32::from_bits(a as u32)).to_bits() as i128,
        FKind::F64 => math_fn!(f, f64::from_bits(a as u64)).to_bits() as i128,
        FKind::F16 => {
            let x = f16::from_bits(a as u16).to_f32();
            f16::from_f32(math_fn!(f, x)).to_bits() as i128
        }
        FKind::BF16 => {
            let x = bf16::from_bits(a as u16).to_f32();
            bf16::from_f32(math_fn!(f, x)).to_bits() as i128
        }
    }
}

/// `negf`: flips the sign bit (of NaNs too).
#[inline(always)]
pub fn neg(k: FKind, a: i128) -> i128 {
    a ^ k.sign_bit()
}

/// `absf`: clears the sign bit.
#[inline(always)]
pub fn abs(k: FKind, a: i128) -> i128 {
    a & !k.sign_bit()
}

/// The exact value of float bits of kind `k`.
#[inline(always)]
pub fn to_f64(k: FKind, a: i128) -> f64 {
    match k {
        FKind::F16 => f16::from_bits(a as u16).to_f64(),
        FKind::BF16 => bf16::from_bits(a as u16).to_f64(),
        FKind::F32 => f32::from_bits(a as u32) as f64,
        FKind::F64 => f64::from_bits(a as u64),
    }
}

/// Rounds an f64 once, to nearest even, to kind `k` (see `converter::float_round` for
/// why not `half::f16::from_f64`).
#[inline]
pub fn from_f64(k: FKind, x: f64) -> i128 {
    match k {
        FKind::F16 => converter::float_round::f64_to_f16_bits(x) as i128,
        FKind::BF16 => converter::float_round::f64_to_bf16_bits(x) as i128,
        FKind::F32 => (x as f32).to_bits() as i128,
        FKind::F64 => x.to_bits() as i128,
    }
}

/// `cmpf` with predicate number `pred` (index in `CMPF_PREDICATES`: false, oeq, ogt,
/// oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true).
#[inline(always)]
pub fn cmp(pred: u8, k: FKind, a: i128, b: i128) -> bool {
    let (x, y) = (to_f64(k, a), to_f64(k, b));
    let unordered = x.is_nan() || y.is_nan();
    match pred {
        0 => false,
        1 => !unordered && x == y,
        2 => !unordered && x > y,
        3 => !unordered && x >= y,
        4 => !unordered && x < y,
        5 => !unordered && x <= y,
        6 => !unordered && x != y,
        7 => !unordered,
        8 => unordered || x == y,
        9 => unordered || x > y,
        10 => unordered || x >= y,
        11 => unordered || x < y,
        12 => unordered || x <= y,
        13 => unordered || x != y,
        14 => unordered,
        _ => true,
    }
}

/// Rounds the magnitude `m` to `p` significant bits, to nearest even.
fn round_significant(m: u128, p: u32) -> u128 {
    let bits = 128 - m.leading_zeros();
    if bits <= p {
        return m;
    }
    let drop = bits - p;
    let kept = m >> drop;
    let rest = m & ((1u128 << drop) - 1);
    let half = 1u128 << (drop - 1);
    let up = rest > half || (rest == half && kept & 1 == 1);
    (kept + up as u128) << drop
}

/// `sitofp`: the integer `v` (canonical, any width) rounded once to kind `k`.
pub fn from_int(k: FKind, v: i128) -> i128 {
    match k {
        // Rust's integer-to-float `as` casts round correctly from the full value.
        FKind::F32 => (v as f32).to_bits() as i128,
        FKind::F64 => (v as f64).to_bits() as i128,
        FKind::F16 | FKind::BF16 => {
            // Round to the target's precision in integer arithmetic; the result has at
            // most 11 significant bits and so converts exactly through f64.
            let m = round_significant(v.unsigned_abs(), k.precision());
            let x = m as f64;
            from_f64(k, if v < 0 { -x } else { x })
        }
    }
}

/// `fptosi`: truncates toward zero to a `w`-bit integer; NaN and values outside the
/// target's range are undefined behaviour.
pub fn to_int(k: FKind, a: i128, w: u32) -> Result<i128, Ub> {
    let x = to_f64(k, a);
    let t = x.trunc();
    // -2^(w-1) and 2^(w-1) are exact in f64 for every width up to 128.
    let lim = 2f64.powi(w as i32 - 1);
    if x.is_nan() || t < -lim || t >= lim {
        return Err(Ub::new(
            rules::FPTOSI,
            format!(
                "fptosi of {} {} does not fit in i{w}",
                k.name(),
                converter::value::format_float(a as u64, &ftype(k))
            ),
        ));
    }
    Ok(ints::sext(t as i128, w))
}

/// The IR type of a float kind.
pub fn ftype(k: FKind) -> converter::ir::Type {
    use converter::ir::Type;
    match k {
        FKind::F16 => Type::F16,
        FKind::BF16 => Type::BF16,
        FKind::F32 => Type::F32,
        FKind::F64 => Type::F64,
    }
}

/// `fpext` / `fptrunc`: converts between kinds, rounding once to nearest even.
#[inline]
pub fn convert(from: FKind, to: FKind, a: i128) -> i128 {
    if from == to {
        return a;
    }
    match (from, to) {
        (FKind::F32, FKind::F16) => f16::from_f32(f32::from_bits(a as u32)).to_bits() as i128,
        (FKind::F32, FKind::BF16) => bf16::from_f32(f32::from_bits(a as u32)).to_bits() as i128,
        _ => from_f64(to, to_f64(from, a)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(x: f64) -> i128 {
        f16::from_f64(x).to_bits() as i128
    }

    #[test]
    fn f16_rounds_each_step() {
        assert_eq!(
            binary(FloatOp::Add, FKind::F16, h(2048.0), h(1.0)),
            h(2048.0)
        );
        assert_eq!(
            binary(FloatOp::Add, FKind::F16, h(2048.0), h(3.0)),
            h(2052.0)
        );
    }

    #[test]
    fn sitofp_rounds_once() {
        assert_eq!(
            from_int(FKind::F32, 16777217),
            16777216f32.to_bits() as i128
        );
        assert_eq!(from_int(FKind::F16, 2049), h(2048.0));
        assert_eq!(from_int(FKind::F16, 2051), h(2052.0));
        assert_eq!(from_int(FKind::F16, -65520), h(f64::NEG_INFINITY));
        assert_eq!(from_int(FKind::F16, i128::MIN), h(f64::NEG_INFINITY));
        assert_eq!(from_int(FKind::F32, -1), (-1f32).to_bits() as i128);
    }

    #[test]
    fn fptosi_limits() {
        let f = |x: f32| x.to_bits() as i128;
        assert_eq!(to_int(FKind::F32, f(-128.9), 8).unwrap(), -128);
        assert!(to_int(FKind::F32, f(128.0), 8).is_err());
        assert!(to_int(FKind::F32, f(f32::NAN), 32).is_err());
        assert_eq!(to_int(FKind::F32, f(-0.5), 1).unwrap(), 0);
        assert_eq!(to_int(FKind::F32, f(-1.0), 1).unwrap(), -1);
        assert!(to_int(FKind::F32, f(1.0), 1).is_err());
    }

    #[test]
    fn f64_to_f16_rounds_once() {
        let x = 1.0 + 2f64.powi(-11) + 2f64.powi(-40);
        assert_eq!(from_f64(FKind::F16, x), h(1.0 + 2f64.powi(-10)));
        assert_eq!(from_f64(FKind::F16, 1.0 + 2f64.powi(-11)), h(1.0));
        assert_eq!(from_f64(FKind::F16, 65519.99), h(65504.0));
        assert_eq!(from_f64(FKind::F16, 65520.0), h(f64::INFINITY));
        assert_eq!(from_f64(FKind::F16, -2f64.powi(-25)), h(-0.0));
        assert_eq!(
            from_f64(FKind::F16, 2f64.powi(-25) * 1.5),
            h(2f64.powi(-24))
        );
        assert_eq!(from_f64(FKind::F16, 1e-300), h(0.0));
        assert_eq!(
            from_f64(FKind::F16, f64::NEG_INFINITY),
            h(f64::NEG_INFINITY)
        );
        assert!(f16::from_bits(from_f64(FKind::F16, f64::NAN) as u16).is_nan());
    }

    #[test]
    fn sign_ops_touch_only_the_sign() {
        let nan = 0x7fc0_0001i128;
        assert_eq!(neg(FKind::F32, nan), 0xffc0_0001);
        assert_eq!(abs(FKind::F32, 0xffc0_0001), nan);
    }
}
