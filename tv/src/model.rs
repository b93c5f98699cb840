//! Reading a counterexample back from the solver's model: bit-vector and float literals
//! as the `--arg` texts that `interp` and `run` accept (signed decimals, floats as the
//! shortest decimal that reads back to the same bits or `nan`, vectors as nested lists).

use crate::smt::{FKind, Smt, Stop};
use crate::value::{scalar, Scalar};
use converter::ir::Type;
use easy_smt::SExpr;

/// The `--arg` text of an argument of type `t`, taking its leaves' model values from `it`.
pub fn arg_text(
    smt: &Smt,
    t: &Type,
    index_bits: u32,
    it: &mut dyn Iterator<Item = (SExpr, Scalar)>,
) -> Result<String, Stop> {
    if let Type::Vector(v) = t {
        return nested(smt, &v.shape, &v.elem, index_bits, it);
    }
    let s = scalar(t, index_bits).ok_or_else(|| Stop::NotModelled(format!("{t:?}")))?;
    let (v, _) = it
        .next()
        .ok_or_else(|| Stop::Solver("a model with too few values".into()))?;
    scalar_text(smt, s, t, v)
}

fn nested(
    smt: &Smt,
    shape: &[u64],
    elem: &Type,
    index_bits: u32,
    it: &mut dyn Iterator<Item = (SExpr, Scalar)>,
) -> Result<String, Stop> {
    let mut parts = Vec::new();
    for _ in 0..shape[0] {
        parts.push(if shape.len() == 1 {
            arg_text(smt, elem, index_bits, it)?
        } else {
            nested(smt, &shape[1..], elem, index_bits, it)?
        });
    }
    Ok(format!("[{}]", parts.join(", ")))
}

pub fn scalar_text(smt: &Smt, s: Scalar, t: &Type, v: SExpr) -> Result<String, Stop> {
    match s {
        Scalar::Int(w) => {
            let u = bv_value(smt, v)?;
            if w == 1 {
                return Ok((u & 1).to_string());
            }
            let sh = 128 - w;
            Ok((((u << sh) as i128) >> sh).to_string())
        }
        Scalar::Float(k) => {
            let bits = fp_value(smt, k, v)?;
            let (eb, sb) = k.eb_sb();
            let exp_all = ((1u64 << eb) - 1) << (sb - 1);
            let sign = 1u64 << (eb + sb - 1);
            if bits & exp_all == exp_all && bits & ((1u64 << (sb - 1)) - 1) != 0 && bits & sign != 0
            {
                // A NaN with its sign bit set: only its bits say so.
                return Ok(format!("0x{bits:x}"));
            }
            let ty = if k == FKind::BF16 {
                Type::BF16
            } else {
                t.clone()
            };
            Ok(converter::value::format_float(bits, &ty))
        }
        Scalar::Ptr => Err(Stop::NotModelled("pointer arguments".into())),
    }
}

/// The value of a bit-vector literal (`#b0101`, `#x1f`).
pub fn bv_value(smt: &Smt, v: SExpr) -> Result<u128, Stop> {
    let a = smt
        .ctx
        .get_atom(v)
        .ok_or_else(|| Stop::Solver(format!("not a bit-vector literal: {}", smt.ctx.display(v))))?;
    let r = if let Some(b) = a.strip_prefix("#b") {
        u128::from_str_radix(b, 2)
    } else if let Some(x) = a.strip_prefix("#x") {
        u128::from_str_radix(x, 16)
    } else {
        return Err(Stop::Solver(format!("not a bit-vector literal: {a}")));
    };
    r.map_err(|e| Stop::Solver(format!("bit-vector literal {a}: {e}")))
}

/// The bits of a float literal: `(fp s e m)`, `(_ +zero e s)`, `(_ -zero e s)`,
/// `(_ +oo e s)`, `(_ -oo e s)`, `(_ NaN e s)`.
fn fp_value(smt: &Smt, k: FKind, v: SExpr) -> Result<u64, Stop> {
    let (eb, sb) = k.eb_sb();
    let bad = || Stop::Solver(format!("not a float literal: {}", smt.ctx.display(v)));
    let l = smt.ctx.get_list(v).ok_or_else(bad)?;
    let head = l
        .first()
        .and_then(|h| smt.ctx.get_atom(*h))
        .ok_or_else(bad)?;
    let exp_all = ((1u64 << eb) - 1) << (sb - 1);
    let sign = 1u64 << (eb + sb - 1);
    match head {
        "fp" if l.len() == 4 => {
            let s = bv_value(smt, l[1])? as u64;
            let e = bv_value(smt, l[2])? as u64;
            let m = bv_value(smt, l[3])? as u64;
            Ok((s << (eb + sb - 1)) | (e << (sb - 1)) | m)
        }
        "_" if l.len() >= 2 => match smt.ctx.get_atom(l[1]).ok_or_else(bad)? {
            "+zero" => Ok(0),
            "-zero" => Ok(sign),
            "+oo" => Ok(exp_all),
            "-oo" => Ok(sign | exp_all),
            "NaN" => Ok(exp_all | (1u64 << (sb - 2))),
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}

/// The value of a Boolean term in the current model.
pub fn bool_value(smt: &mut Smt, b: SExpr) -> Result<bool, Stop> {
    let v = smt.ctx.get_value(vec![b])?;
    match smt.ctx.get_atom(v[0].1) {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(Stop::Solver(format!(
            "not a Boolean literal: {}",
            smt.ctx.display(v[0].1)
        ))),
    }
}

/// The model value `v` of the argument leaf `leaf`, with the sign bit the model gives
/// it where it is a NaN (SMT's NaN has none: `crate::nan`).
pub fn nan_with_sign(smt: &mut Smt, leaf: SExpr, v: SExpr, s: Scalar) -> Result<SExpr, Stop> {
    let Scalar::Float(k) = s else {
        return Ok(v);
    };
    let Some(ns) = smt.nan_sign.get(&leaf).copied() else {
        return Ok(v);
    };
    let is_nan = smt.app("fp.isNaN", vec![leaf]);
    if !bool_value(smt, is_nan)? || !bool_value(smt, ns)? {
        return Ok(v);
    }
    let (eb, sb) = k.eb_sb();
    let bits = (1u64 << (eb + sb - 1)) | (((1u64 << eb) - 1) << (sb - 1)) | (1u64 << (sb - 2));
    Ok(smt.fp_bits(k, bits))
}
