//! Constant attributes as symbolic values, for both dialects: integers, floats, `true`
//! and `false`, and dense vectors (a splat or every element in row-major order), shaped
//! by the result type (a flat list for a Standard vector, nested for an LLVM array of
//! vectors).

use crate::smt::{Smt, Stop};
use crate::value::{build, SVal, Scalar};
use converter::ir::{Attribute, DenseValues, Type};

/// The value of constant `attr` as type `ty`.
pub fn constant(smt: &Smt, attr: &Attribute, ty: &Type, index_bits: u32) -> Result<SVal, Stop> {
    let elems: Vec<&Attribute> = match attr {
        Attribute::Dense { values, .. } => match values {
            DenseValues::Splat(a) => vec![&**a],
            DenseValues::Elements(xs) => xs.iter().collect(),
        },
        a => vec![a],
    };
    let splat = elems.len() == 1;
    let mut i = 0;
    let f = smt.ctx.false_();
    build(ty, index_bits, &mut |s: Scalar| {
        let a = elems
            .get(if splat { 0 } else { i })
            .ok_or_else(|| Stop::NotModelled("a dense constant with too few elements".into()))?;
        i += 1;
        Ok(match (s, a) {
            (Scalar::Int(w), Attribute::Int { value, .. }) => SVal::Int {
                w,
                v: smt.bv(w, *value),
                p: f,
            },
            (Scalar::Int(w), Attribute::Bool(b)) => SVal::Int {
                w,
                v: smt.bv(w, -(*b as i128)),
                p: f,
            },
            (Scalar::Float(k), Attribute::Float { bits, .. }) => SVal::Float {
                k,
                v: smt.fp_bits(k, *bits),
                p: f,
            },
            (_, a) => return Err(Stop::NotModelled(format!("the constant {a:?}"))),
        })
    })
}
