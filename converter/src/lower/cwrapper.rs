//! C-compatible wrappers (`llvm.emit_c_interface` on a function, or the
//! `emit_c_interface` option for all of them).
//!
//! - A defined function `f` gets `_mlir_ciface_f`, which takes each memref as a pointer
//!   to its descriptor (unranked: a pointer to the `{i64, ptr}` struct), loads and
//!   unpacks them, calls `f` and returns its result.
//! - An external function `f` gets a body that packs each memref into a descriptor,
//!   stores it in a stack slot and calls the external `_mlir_ciface_f` it declares.
//! - Aggregate results (a memref result, or two results or more) are returned through
//!   a pointer passed as the FIRST argument of `_mlir_ciface_f`, which then returns
//!   void, as today's upstream MLIR does.
//!
//! The `llvm.emit_c_interface` attribute stays on the original function; wrappers and
//! `_mlir_ciface_` declarations carry no function attributes, and the argument and
//! result attributes that mean something for their parameters (`super::attrs`).

use super::attrs;
use super::calls::unpack_args;
use super::descriptor::{MemRefDescriptor, UnrankedDescriptor};
use super::emit::Emitter;
use super::funcs::Ctx;
use crate::diag::{Diagnostic, Loc};
use crate::ir::{AttrDicts, Body, Func, FuncKind, FunctionType, NewOp, OpKind, Type, ValueId};

/// The prefix of wrapper names.
pub const PREFIX: &str = "_mlir_ciface_";

fn results_by_pointer(ft: &FunctionType) -> bool {
    ft.results.len() >= 2 || (ft.results.len() == 1 && ft.results[0].is_memref())
}

/// The C interface parameter of one Standard argument type.
fn c_param(ctx: &Ctx, t: &Type) -> Result<Type, String> {
    match t {
        Type::MemRef(_) | Type::UnrankedMemRef(..) => Ok(Type::llvm_ptr(ctx.tc.convert(t)?)),
        _ => ctx.tc.convert(t),
    }
}

/// The LLVM type of `_mlir_ciface_<f>`.
fn c_type(ctx: &Ctx, ft: &FunctionType) -> Result<Type, String> {
    let mut params = Vec::new();
    let by_ptr = results_by_pointer(ft);
    if by_ptr {
        params.push(Type::llvm_ptr(ctx.tc.func_result(&ft.results)?));
    }
    for t in &ft.inputs {
        params.push(c_param(ctx, t)?);
    }
    let result = if by_ptr {
        Type::LlvmVoid
    } else {
        ctx.tc.func_result(&ft.results)?
    };
    Ok(Type::llvm_func(result, params))
}

/// The name and type of the function [`emit`] makes for `std_f` (the wrapper of a
/// defined function, the `_mlir_ciface_` declaration of an external one); `None` for
/// a function that gets none.
pub(super) fn wrapper_signature(ctx: &Ctx, std_f: &Func) -> Option<Result<(String, Type), String>> {
    let ft = std_f.std_type()?;
    Some(c_type(ctx, ft).map(|t| (format!("{PREFIX}{}", std_f.name), t)))
}

/// The argument and result dictionaries of `_mlir_ciface_<f>` ([`super::attrs`]):
/// scalars keep theirs, a descriptor pointer keeps the memref's dialect attributes,
/// the out-pointer of aggregate results gets none.
fn c_arg_res_attrs(ctx: &Ctx, std_f: &Func, ft: &FunctionType) -> (AttrDicts, AttrDicts) {
    let by_ptr = results_by_pointer(ft);
    let mut args = Vec::with_capacity(ft.inputs.len() + 1);
    if by_ptr {
        args.push(Vec::new());
    }
    for (i, t) in ft.inputs.iter().enumerate() {
        let ty = c_param(ctx, t).unwrap_or(Type::LlvmVoid);
        args.push(attrs::c_param_attrs(
            std_f.arg_attr_dict(i),
            t.is_memref(),
            &ty,
        ));
    }
    if args.iter().all(Vec::is_empty) {
        args.clear();
    }
    let results = if by_ptr {
        Vec::new()
    } else {
        let ty = ctx.tc.func_result(&ft.results).unwrap_or(Type::LlvmVoid);
        attrs::lowered_res_attrs(ft, std_f.res_attr_dict(0), &ty)
    };
    (args, results)
}

fn param_types(fty: &Type) -> Vec<Type> {
    match fty {
        Type::LlvmFunc(f) => f.params.clone(),
        _ => Vec::new(),
    }
}

/// Builds the wrapper of `std_f` (whose lowering is `lowered`). For an external
/// function this also gives `lowered` its body; the returned functions go after it.
pub fn emit(ctx: &Ctx, std_f: &Func, lowered: &mut Func) -> Result<Vec<Func>, Diagnostic> {
    let Some(ft) = std_f.std_type() else {
        return Ok(Vec::new());
    };
    let loc = std_f.loc;
    let err = |m: String| Diagnostic::error(loc, m);
    let cty = c_type(ctx, ft).map_err(err)?;
    let name = format!("{PREFIX}{}", std_f.name);
    let by_ptr = results_by_pointer(ft);
    let idx = ctx.tc.index();
    if lowered.body.is_some() {
        // _mlir_ciface_f(ptr...) { load, unpack, call f, return / store result }
        let mut body = Body::new();
        let entry = body.add_block(&param_types(&cty));
        let params = body.block_args(entry).to_vec();
        let mut em = Emitter::new(&mut body, entry, loc, idx);
        let inputs = if by_ptr { &params[1..] } else { &params[..] };
        let mut values = Vec::with_capacity(inputs.len());
        for (t, &p) in ft.inputs.iter().zip(inputs) {
            values.push(if t.is_memref() {
                let dty = ctx.tc.convert(t).map_err(err)?;
                em.load(p, &dty)
            } else {
                p
            });
        }
        let std_types: Vec<&Type> = ft.inputs.iter().collect();
        let args = unpack_args(&mut em, &std_types, &values, false);
        let r = em.call(&std_f.name, args, &lowered.ty);
        let ret = match (by_ptr, r) {
            (true, Some(r)) => {
                em.store(r, params[0]);
                None
            }
            (_, r) => r,
        };
        em.push(NewOp::new(OpKind::LlvmReturn).operands(ret));
        let mut w = llvm_func(&name, cty, Some(body), loc);
        (w.arg_attrs, w.res_attrs) = c_arg_res_attrs(ctx, std_f, ft);
        Ok(vec![w])
    } else {
        // f(expanded...) { pack, spill, call _mlir_ciface_f, return }
        let mut body = Body::new();
        let entry = body.add_block(&param_types(&lowered.ty));
        let params = body.block_args(entry).to_vec();
        let mut em = Emitter::new(&mut body, entry, loc, idx.clone());
        let mut args = Vec::new();
        let result_ty = ctx.tc.func_result(&ft.results).map_err(err)?;
        let result_slot = if by_ptr {
            let one = em.const_index(1);
            let slot = em.alloca(one, &result_ty, None);
            args.push(slot);
            Some(slot)
        } else {
            None
        };
        let mut next = params.iter().copied();
        for t in &ft.inputs {
            let n = ctx.tc.expanded_arg_types(t).map_err(err)?.len();
            let fields: Vec<ValueId> = next.by_ref().take(n).collect();
            let v = match t {
                Type::MemRef(_) | Type::UnrankedMemRef(..) => {
                    let dty = ctx.tc.convert(t).map_err(err)?;
                    let d = if matches!(t, Type::MemRef(_)) {
                        MemRefDescriptor::pack(&mut em, &dty, &fields).value
                    } else {
                        UnrankedDescriptor::build(&mut em, &dty, fields[0], fields[1]).value
                    };
                    let one = em.const_index(1);
                    let slot = em.alloca(one, &dty, None);
                    em.store(d, slot);
                    slot
                }
                _ => fields[0],
            };
            args.push(v);
        }
        let r = em.call(&name, args, &cty);
        let ret = match result_slot {
            Some(slot) => Some(em.load(slot, &result_ty)),
            None => r,
        };
        em.push(NewOp::new(OpKind::LlvmReturn).operands(ret));
        lowered.body = Some(body);
        let mut decl = llvm_func(&name, cty, None, loc);
        (decl.arg_attrs, decl.res_attrs) = c_arg_res_attrs(ctx, std_f, ft);
        Ok(vec![decl])
    }
}

fn llvm_func(name: &str, ty: Type, body: Option<Body>, loc: Loc) -> Func {
    Func {
        name: name.to_string(),
        kind: FuncKind::Llvm,
        ty,
        attrs: Vec::new(),
        arg_attrs: Vec::new(),
        res_attrs: Vec::new(),
        body,
        loc,
    }
}
