//! Vector ops and the n-D vector model: `splat` (insertelement + shufflevector),
//! `extract_element` (extractvalue into the array of 1-D vectors, then
//! extractelement), and `unroll`, which applies a 1-D lowering to every 1-D vector of
//! an n-D value (`!llvm.array<.. x vector<..>>`).

use super::emit::{Emitter, GepIndex};
use super::funcs::FnLower;
use super::types::field_type;
use crate::diag::Diagnostic;
use crate::ir::{Attribute, NewOp, OpData, OpKind, Type, ValueId};

/// The outer (array) dimensions of a converted vector type.
fn array_dims(ty: &Type) -> Vec<u64> {
    let mut dims = Vec::new();
    let mut t = ty;
    while let Type::LlvmArray(n, e) = t {
        dims.push(*n);
        t = e;
    }
    dims
}

/// Applies `f` to every 1-D vector of an n-D result of converted type `ty`: operands
/// that are arrays are split with extractvalue, others (scalars, e.g. a `select`
/// condition) are passed through; the leaf results are inserted into an undef array.
/// For a 1-D or scalar `ty`, `f` is applied once.
pub fn unroll(
    em: &mut Emitter,
    ty: &Type,
    operands: &[ValueId],
    mut f: impl FnMut(&mut Emitter, &[ValueId], &Type) -> ValueId,
) -> ValueId {
    let dims = array_dims(ty);
    if dims.is_empty() {
        return f(em, operands, ty);
    }
    let mut acc = em.undef(ty);
    let total: u64 = dims.iter().product();
    let mut pos = vec![0i64; dims.len()];
    for _ in 0..total {
        let leaf = field_type(ty, &pos).unwrap_or(Type::LlvmVoid);
        let ops: Vec<ValueId> = operands
            .iter()
            .map(|&o| {
                if matches!(em.ty(o), Type::LlvmArray(..)) {
                    em.extract(o, &pos)
                } else {
                    o
                }
            })
            .collect();
        let r = f(em, &ops, &leaf);
        acc = em.insert(acc, r, &pos);
        // Next position, row-major.
        for d in (0..dims.len()).rev() {
            pos[d] += 1;
            if (pos[d] as u64) < dims[d] {
                break;
            }
            pos[d] = 0;
        }
    }
    acc
}

/// A 1-D vector of type `vty` with every lane `x`: insertelement into lane 0 of an
/// undef vector, then a zero-mask shufflevector.
fn splat_1d(em: &mut Emitter, x: ValueId, vty: &Type) -> ValueId {
    let n = vty.as_vector().map(|v| v.num_elements()).unwrap_or(1);
    let undef = em.undef(vty);
    let zero = em.const_i32(0);
    let v = em.push1(
        NewOp::new(OpKind::LlvmInsertElement)
            .operands([undef, x, zero])
            .result(vty.clone()),
    );
    let mask = Attribute::Array(
        (0..n)
            .map(|_| Attribute::Int {
                value: 0,
                ty: Type::i32(),
            })
            .collect(),
    );
    em.push1(
        NewOp::new(OpKind::LlvmShuffleVector)
            .operands([v, v])
            .attr("mask", mask)
            .result(vty.clone()),
    )
}

pub fn splat(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    let rty = fl.conv(fl.old_ty(op.results[0]), op.loc)?;
    let x = fl.v(op.operands[0]);
    let mut em = fl.em(op.loc);
    let mut row = None;
    let r = unroll(&mut em, &rty, &[], |em, _, leaf| {
        // Every row of an n-D splat is the same 1-D splat.
        *row.get_or_insert_with(|| splat_1d(em, x, leaf))
    });
    fl.set(op.results[0], r);
    Ok(())
}

/// `extract_element %v[%i, %j, ...]`: 1-D vectors use `llvm.extractelement`; n-D
/// vectors first select the 1-D row — with extractvalue when the outer indices are
/// constants, otherwise by spilling the array to the stack and loading the row
/// through a GEP.
pub fn extract_element(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    let vec = fl.v(op.operands[0]);
    let idx = fl.vs(&op.operands[1..]);
    let old_idx = &op.operands[1..];
    let consts: Vec<Option<i64>> = old_idx.iter().map(|&i| const_index(fl, i)).collect();
    let vty = fl.new.value_type(vec).clone();
    let outer = array_dims(&vty).len();
    if idx.len() != outer + 1 {
        return Err(Diagnostic::error(
            op.loc,
            format!(
                "extract_element expects {} indices, found {}",
                outer + 1,
                idx.len()
            ),
        ));
    }
    // The constant path needs every outer index constant and in range: an index out of
    // range (in code that never runs, or undefined behaviour when it does) goes through
    // memory like a dynamic one rather than naming a field the array does not have.
    let dims = array_dims(&vty);
    let dynamic = !consts[..outer]
        .iter()
        .zip(&dims)
        .all(|(c, &n)| c.is_some_and(|c| c >= 0 && (c as u64) < n));
    let slot = dynamic.then(|| fl.entry_slot(&vty, op.loc));
    let mut em = fl.em(op.loc);
    let row = if outer == 0 {
        vec
    } else if let Some(slot) = slot {
        em.store(vec, slot);
        let mut gi = vec![GepIndex::Const(0)];
        gi.extend(idx[..outer].iter().map(|&i| GepIndex::Value(i)));
        let leaf = field_type(&vty, &vec![0; outer]).unwrap_or(Type::LlvmVoid);
        let p = em.gep(slot, &vty, &gi, &leaf);
        em.load(p, &leaf)
    } else {
        let pos: Vec<i64> = consts[..outer].iter().map(|c| c.unwrap_or(0)).collect();
        em.extract(vec, &pos)
    };
    let last = idx.last().copied();
    let rty = fl
        .new
        .value_type(row)
        .as_vector()
        .map(|v| v.elem.clone())
        .unwrap_or(Type::i1());
    let Some(last) = last else {
        return Err(Diagnostic::error(op.loc, "extract_element without indices"));
    };
    let mut em = fl.em(op.loc);
    let r = em.push1(
        NewOp::new(OpKind::LlvmExtractElement)
            .operands([row, last])
            .result(rty),
    );
    fl.set(op.results[0], r);
    Ok(())
}

/// The value of an old index operand when a `constant` op defines it.
pub fn const_index(fl: &FnLower, v: ValueId) -> Option<i64> {
    fl.old.int_constant(v).map(|x| x as i64)
}
