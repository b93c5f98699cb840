//! Correct single rounding from f64 to the 16-bit float formats.
//!
//! Not `half::f16::from_f64`: on hosts with F16C it converts through f32, and that
//! double rounding is wrong for values just above a halfway point (1 + 2^-11 + 2^-40
//! must round up to 1 + 2^-10; through f32 it lands on the tie and rounds down).
//! Constants, `--arg` values and the interpreter's `fptrunc` all use these.

/// Rounds `x` to nearest even in a binary format with `p` bits of precision, minimum
/// normal exponent `emin` and largest finite value `max`; the result is exactly
/// representable in that format (and in f32), so converting it further is exact.
fn round_narrow(x: f64, p: i32, emin: i32, max: f64) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x;
    }
    let a = x.abs();
    // The exponent of a (f64 subnormals are far below every narrow format's range).
    let e = (((a.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(emin);
    let ulp = 2f64.powi(e - (p - 1));
    // Scaling by a power of two is exact; so is the product of the rounded quotient.
    let r = (a / ulp).round_ties_even() * ulp;
    let r = if r > max { f64::INFINITY } else { r };
    r.copysign(x)
}

/// The bits of the f16 nearest to `x` (ties to even), NaN preserved as a NaN.
pub fn f64_to_f16_bits(x: f64) -> u16 {
    half::f16::from_f32(round_narrow(x, 11, -14, 65504.0) as f32).to_bits()
}

/// The bits of the bf16 nearest to `x` (ties to even), NaN preserved as a NaN.
pub fn f64_to_bf16_bits(x: f64) -> u16 {
    let max = (2.0 - 2f64.powi(-7)) * 2f64.powi(127);
    half::bf16::from_f32(round_narrow(x, 8, -126, max) as f32).to_bits()
}

#[cfg(test)]
mod tests {
    use super::*;
    use half::f16;

    #[test]
    fn rounds_once_to_nearest_even() {
        let h = |x: f64| f16::from_f32(x as f32).to_bits();
        assert_eq!(
            f64_to_f16_bits(1.0 + 2f64.powi(-11) + 2f64.powi(-40)),
            h(1.0 + 2f64.powi(-10))
        );
        assert_eq!(f64_to_f16_bits(1.0 + 2f64.powi(-11)), h(1.0));
        assert_eq!(f64_to_f16_bits(65519.99), h(65504.0));
        assert_eq!(f64_to_f16_bits(65520.0), f16::INFINITY.to_bits());
        assert_eq!(f64_to_f16_bits(-(2f64.powi(-25))), f16::NEG_ZERO.to_bits());
        assert!(f16::from_bits(f64_to_f16_bits(f64::NAN)).is_nan());
    }

    #[test]
    fn agrees_with_f32_rounding_where_that_is_exact() {
        // Every f32 value converts to f16 with one rounding in `half` (f32 -> f16 is a
        // single rounding), so both must agree on f32-representable inputs.
        for i in 0..100_000u32 {
            let x = f32::from_bits(i.wrapping_mul(2_654_435_761));
            if x.is_nan() {
                continue;
            }
            assert_eq!(
                f64_to_f16_bits(x as f64),
                f16::from_f32(x).to_bits(),
                "{x:e}"
            );
        }
    }
}
