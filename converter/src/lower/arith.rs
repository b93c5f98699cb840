//! One-to-one lowerings of scalar and element-wise ops: integer and float arithmetic,
//! comparisons, `select`, casts and constants. Element-wise ops on n-D vectors are
//! unrolled over the array of 1-D vectors by `vector::unroll`.

use super::emit::Emitter;
use super::funcs::FnLower;
use super::vector::unroll;
use crate::diag::Diagnostic;
use crate::ir::{
    sign_extend, Attribute, DenseValues, NamedAttr, NewOp, OpData, OpKind, Type, ValueId,
};

/// The LLVM op of a Standard element-wise op: its one-to-one target in the op
/// description (`OpKind::one_to_one`).
fn llvm_kind(op: &OpData) -> Result<OpKind, Diagnostic> {
    op.kind.one_to_one().ok_or_else(|| {
        Diagnostic::error(
            op.loc,
            format!("'{}' has no one-to-one lowering", op.kind.short_name()),
        )
    })
}

/// Lowers an op whose operands and result are element-wise: one LLVM op per 1-D
/// vector (or scalar), with the op's attributes kept, its own and the discardable
/// ones (LLVM 11's one-to-one lowering copies them all).
fn elementwise(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    elementwise_with(fl, op, &op.attrs)
}

/// [`elementwise`] with `attrs` on each LLVM op.
fn elementwise_with(fl: &mut FnLower, op: &OpData, attrs: &[NamedAttr]) -> Result<(), Diagnostic> {
    let rty = fl.conv(fl.old_ty(op.results[0]), op.loc)?;
    let operands = fl.vs(&op.operands);
    let kind = llvm_kind(op)?;
    let mut em = fl.em(op.loc);
    let r = unroll(&mut em, &rty, &operands, |em, ops, leaf| {
        let mut new = NewOp::new(kind)
            .operands(ops.iter().copied())
            .result(leaf.clone());
        new.attrs = attrs.to_vec();
        em.push1(new)
    });
    fl.set(op.results[0], r);
    Ok(())
}

pub fn binary(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    elementwise(fl, op)
}

pub fn float_unary(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    elementwise(fl, op)
}

/// `rsqrt` has no LLVM intrinsic: LLVM 11 lowered it to `1.0 / sqrt(x)`, an
/// `llvm.fdiv` of a constant 1.0 (splat for vectors) by `llvm.intr.sqrt`.
pub fn rsqrt(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    let rty = fl.conv(fl.old_ty(op.results[0]), op.loc)?;
    let operands = fl.vs(&op.operands);
    let mut em = fl.em(op.loc);
    let r = unroll(&mut em, &rty, &operands, |em, ops, leaf| {
        let one = Attribute::float(1.0, leaf.scalar_of().clone());
        let one = match leaf {
            Type::Vector(_) => em.constant(
                Attribute::Dense {
                    ty: leaf.clone(),
                    values: DenseValues::Splat(Box::new(one)),
                },
                leaf.clone(),
            ),
            _ => em.constant(one, leaf.clone()),
        };
        let root = em.push1(
            NewOp::new(OpKind::LlvmSqrt)
                .operands(ops.iter().copied())
                .result(leaf.clone()),
        );
        em.push1(
            NewOp::new(OpKind::LlvmFDiv)
                .operands([one, root])
                .result(leaf.clone()),
        )
    });
    fl.set(op.results[0], r);
    Ok(())
}

/// `cmpi`/`cmpf` become `llvm.icmp`/`llvm.fcmp` with the same predicate string
/// (`cmpf "false"`/`"true"` keep LLVM IR's `false`/`true` predicate names).
/// `cmpi`/`cmpf`: the predicate alone goes onto the `llvm.icmp`/`llvm.fcmp`; LLVM 11's
/// comparison lowerings (and MLIR 22's) leave the op's discardable attributes out.
pub fn compare(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    let predicate: Vec<NamedAttr> = op
        .attrs
        .iter()
        .filter(|a| a.name.as_ref() == "predicate")
        .cloned()
        .collect();
    elementwise_with(fl, op, &predicate)
}

pub fn select(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    elementwise(fl, op)
}

/// Casts: `index_cast` sign-extends or truncates between the lowered index width and
/// the integer width (nothing when they are equal); the others are one LLVM cast each.
pub fn cast(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    if op.kind != OpKind::IndexCast {
        return elementwise(fl, op);
    }
    let rty = fl.conv(fl.old_ty(op.results[0]), op.loc)?;
    let src = fl.v(op.operands[0]);
    let mut em = fl.em(op.loc);
    let r = unroll(&mut em, &rty, &[src], |em, ops, leaf| {
        let from = em.ty(ops[0]).scalar_of().bit_width().unwrap_or(64);
        let to = leaf.scalar_of().bit_width().unwrap_or(64);
        if from < to {
            em.unary(OpKind::LlvmSExt, ops[0], leaf.clone())
        } else if from > to {
            em.unary(OpKind::LlvmTrunc, ops[0], leaf.clone())
        } else {
            ops[0]
        }
    });
    fl.set(op.results[0], r);
    Ok(())
}

/// `constant`: scalars and 1-D dense vectors become one `llvm.mlir.constant` (index
/// values retyped to the lowered integer type); n-D dense vectors are built from
/// one constant per 1-D row; function references become `llvm.mlir.addressof`. Each
/// `llvm.mlir.constant` keeps the op's discardable attributes (LLVM 11's one-to-one
/// rewrite copies them, as MLIR 22 does); an `addressof` gets none (neither keeps
/// them there).
pub fn constant(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    let rty = fl.conv(fl.old_ty(op.results[0]), op.loc)?;
    let Some(value) = op.attr("value") else {
        return Err(Diagnostic::error(op.loc, "constant without a value"));
    };
    let bits = fl.ctx.tc.index_bits();
    let mut em = fl.em(op.loc);
    let first = em.body.block(em.block).ops.len();
    let r = match value {
        Attribute::SymbolRef(name) => em.push1(
            NewOp::new(OpKind::LlvmAddressOf)
                .attr("global_name", Attribute::SymbolRef(name.clone()))
                .result(rty),
        ),
        Attribute::Dense { values, .. } => dense(&mut em, &rty, values, bits),
        other => {
            let a = convert_scalar_attr(other, bits);
            em.constant(a, rty)
        }
    };
    if !matches!(value, Attribute::SymbolRef(_)) {
        let kept: Vec<NamedAttr> = op
            .attrs
            .iter()
            .filter(|a| a.name.as_ref() != "value")
            .cloned()
            .collect();
        if !kept.is_empty() {
            let made = em.body.block(em.block).ops[first..].to_vec();
            for id in made {
                let o = em.body.op_mut(id);
                if o.kind == OpKind::LlvmConstant {
                    o.attrs.extend(kept.iter().cloned());
                }
            }
        }
    }
    fl.set(op.results[0], r);
    Ok(())
}

/// Retypes an integer/bool/float attribute for the LLVM dialect: index -> `iN`, bool -> i1.
pub fn convert_scalar_attr(a: &Attribute, index_bits: u32) -> Attribute {
    match a {
        Attribute::Int {
            value,
            ty: Type::Index,
        } => Attribute::Int {
            value: sign_extend(*value, index_bits),
            ty: Type::Int(index_bits),
        },
        Attribute::Bool(b) => Attribute::int(*b as i128, Type::i1()),
        other => other.clone(),
    }
}

/// A dense vector constant of converted type `ty`: a 1-D vector, or nested arrays of
/// them, one constant per 1-D leaf (a 1-D vector is its own only leaf).
fn dense(em: &mut Emitter, ty: &Type, values: &DenseValues, bits: u32) -> ValueId {
    let conv = |a: &Attribute| convert_scalar_attr(a, bits);
    // Row k of the flattened n-D vector is 1-D leaf k in row-major order.
    let mut row = 0usize;
    unroll(em, ty, &[], |em, _, leaf| {
        let n = leaf.as_vector().map(|v| v.num_elements()).unwrap_or(1) as usize;
        let vals = match values {
            DenseValues::Splat(a) => DenseValues::Splat(Box::new(conv(a))),
            DenseValues::Elements(xs) => {
                DenseValues::Elements(xs.iter().skip(row * n).take(n).map(conv).collect())
            }
        };
        row += 1;
        em.constant(
            Attribute::Dense {
                ty: leaf.clone(),
                values: vals,
            },
            leaf.clone(),
        )
    })
}
