//! `call`, `call_indirect` and `return` under the calling convention: memref
//! arguments are unpacked into their scalar fields at call sites, several results are
//! packed into a struct at `return` and extracted after the call, and unranked memref
//! results follow the spec's lifetime rule (copied to the heap right before `return`,
//! copied to the caller's stack and freed right after the call).

use super::descriptor::{MemRefDescriptor, UnrankedDescriptor};
use super::emit::Emitter;
use super::funcs::FnLower;
use super::memref::{call_free, call_malloc};
use crate::diag::Diagnostic;
use crate::ir::{FunctionType, NewOp, OpData, OpKind, Type, ValueId};

/// Unpacks call arguments: memref descriptors become their scalar fields, or with
/// `bare` (the bare pointer calling convention) their aligned pointer.
pub fn unpack_args(
    em: &mut Emitter,
    std_types: &[&Type],
    values: &[ValueId],
    bare: bool,
) -> Vec<ValueId> {
    let mut out = Vec::with_capacity(values.len());
    for (t, &v) in std_types.iter().zip(values) {
        match t {
            Type::MemRef(m) if bare => out.push(MemRefDescriptor::new(v, m.rank()).aligned(em)),
            Type::MemRef(m) => out.extend(MemRefDescriptor::new(v, m.rank()).unpack(em)),
            Type::UnrankedMemRef(..) => out.extend(UnrankedDescriptor::new(v).unpack(em)),
            _ => out.push(v),
        }
    }
    out
}

/// Splits a call's single LLVM result back into the Standard results.
pub fn unpack_results(em: &mut Emitter, n: usize, r: Option<ValueId>) -> Vec<ValueId> {
    match (n, r) {
        (0, _) | (_, None) => Vec::new(),
        (1, Some(r)) => vec![r],
        (n, Some(r)) => (0..n).map(|i| em.extract(r, &[i as i64])).collect(),
    }
}

/// Copies the ranked descriptor of an unranked memref `u` into new memory of the
/// dynamic descriptor size and returns the unranked descriptor pointing to the copy:
/// heap memory (`malloc`) before a return, a stack slot after a call (freeing the
/// heap copy the callee made).
fn copy_unranked(
    fl_needs_malloc: &mut bool,
    fl_needs_free: &mut bool,
    em: &mut Emitter,
    u: ValueId,
    elem_ptr: &Type,
    to_heap: bool,
) -> ValueId {
    let ud = UnrankedDescriptor::new(u);
    let rank = ud.rank(em);
    let src = ud.ptr(em);
    let size = UnrankedDescriptor::ranked_size(em, rank, elem_ptr);
    let dst = if to_heap {
        call_malloc(fl_needs_malloc, em, size)
    } else {
        em.alloca(size, &Type::i8(), Some(16))
    };
    em.memcpy(dst, src, size);
    if !to_heap {
        call_free(fl_needs_free, em, src);
    }
    let ty = em.ty(u);
    UnrankedDescriptor::build(em, &ty, rank, dst).value
}

/// `call @f(...)` and `call_indirect %f(...)`.
pub fn call(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    let indirect = op.kind == OpKind::CallIndirect;
    let arg_olds = if indirect {
        &op.operands[1..]
    } else {
        &op.operands[..]
    };
    let std_types: Vec<&Type> = arg_olds.iter().map(|&a| fl.old_ty(a)).collect();
    let result_types: Vec<Type> = op.results.iter().map(|&r| fl.old_ty(r).clone()).collect();
    let fty = fl
        .ctx
        .tc
        .func_type(&FunctionType {
            inputs: std_types.iter().map(|t| (*t).clone()).collect(),
            results: result_types.clone(),
        })
        .map_err(|m| Diagnostic::error(op.loc, m))?;
    let args = fl.vs(arg_olds);
    let fptr = if indirect {
        Some(fl.v(op.operands[0]))
    } else {
        None
    };
    let callee = op
        .attr("callee")
        .and_then(|a| a.as_symbol())
        .map(str::to_string);
    let mut elems = Vec::new();
    let bare = fl.ctx.tc.bare_ptr();
    for t in &result_types {
        elems.push(match t {
            Type::UnrankedMemRef(..) => Some(fl.elem_ptr(t, op.loc)?),
            _ => None,
        });
    }
    let ctx = &mut *fl.ctx;
    let mut em = Emitter::new(&mut fl.new, fl.block, op.loc, ctx.tc.index());
    let llvm_args = unpack_args(&mut em, &std_types, &args, bare);
    let extra = super::attrs::call_attrs(&op.attrs).map_err(|name| {
        Diagnostic::error(
            op.loc,
            format!(
                "attribute '{name}' of '{}' cannot be kept: 'llvm.call' gives it a meaning of its own",
                op.name()
            ),
        )
    })?;
    let r = match (fptr, callee) {
        (Some(p), _) => em.call_indirect(p, llvm_args, &fty),
        (None, Some(c)) => em.call(&c, llvm_args, &fty),
        (None, None) => return Err(Diagnostic::error(op.loc, "call without a callee")),
    };
    if !extra.is_empty() {
        if let Some(call) = em.body.terminator(em.block) {
            em.body.op_mut(call).attrs.extend(extra);
        }
    }
    // Results are descriptors under either convention (LLVM 11's bare pointer
    // convention covers arguments only).
    let mut results = unpack_results(&mut em, result_types.len(), r);
    for (i, e) in elems.iter().enumerate() {
        if let (Some(e), Some(v)) = (e, results.get(i).copied()) {
            results[i] = copy_unranked(
                &mut ctx.needs_malloc,
                &mut ctx.needs_free,
                &mut em,
                v,
                e,
                false,
            );
        }
    }
    for (&o, n) in op.results.iter().zip(results) {
        fl.set(o, n);
    }
    Ok(())
}

/// `return`: nothing, the one value, or a struct of the values; unranked memref
/// values are first copied to the heap.
pub fn ret(fl: &mut FnLower, op: &OpData) -> Result<(), Diagnostic> {
    let mut values = fl.vs(&op.operands);
    let std_types: Vec<Type> = op.operands.iter().map(|&o| fl.old_ty(o).clone()).collect();
    let result_ty = fl
        .ctx
        .tc
        .func_result(&fl.results)
        .map_err(|m| Diagnostic::error(op.loc, m))?;
    let mut elems = Vec::new();
    for t in &std_types {
        elems.push(match t {
            Type::UnrankedMemRef(..) => Some(fl.elem_ptr(t, op.loc)?),
            _ => None,
        });
    }
    let ctx = &mut *fl.ctx;
    let mut em = Emitter::new(&mut fl.new, fl.block, op.loc, ctx.tc.index());
    for (i, e) in elems.iter().enumerate() {
        if let Some(e) = e {
            values[i] = copy_unranked(
                &mut ctx.needs_malloc,
                &mut ctx.needs_free,
                &mut em,
                values[i],
                e,
                true,
            );
        }
    }
    let operand = match values.len() {
        0 => None,
        1 => Some(values[0]),
        _ => Some(em.pack(&result_ty, &values)),
    };
    // LLVM 11 and MLIR 22 keep the return's attributes on the `llvm.return`.
    let mut new = NewOp::new(OpKind::LlvmReturn).operands(operand);
    new.attrs = op.attrs.clone();
    em.push(new);
    Ok(())
}
