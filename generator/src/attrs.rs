//! Attributes the lowering must carry but that change no value: argument and result
//! dictionaries of generated functions ([`Family::ArgAttrs`]), discardable attributes
//! on `call` and `call_indirect` and on the other ops ([`Family::CallAttrs`]: the
//! lowering keeps those of calls and of element-wise ops on the LLVM ops it makes,
//! and the printed lowering must show them), and the `alignment` values of
//! `alloc` and `alloca` ([`Family::AnyAlignment`]). Applied to the finished module, so
//! the bodies (and the bytes they read) are those the other families give.
//!
//! Only truthful LLVM attributes are generated, since a false one is undefined
//! behaviour the interpreter cannot see:
//! - `llvm.noalias` only on a function's single memref argument (no other memref or
//!   unranked memref parameter): generated calls may pass one buffer twice, and
//!   `noalias` on two parameters that alias is UB; with one memref parameter there is
//!   no second parameter pointer it could alias, and the functions reach no memory but
//!   their arguments' and their own allocations.
//! - `llvm.align = N` with N the element's natural alignment capped at 8: every buffer
//!   a generated function sees starts at least that aligned (heap buffers come from
//!   `malloc`, 16 bytes; stack ones are aligned as their element, `alloca`'s
//!   `alignment` never below it; the harness's argument buffers come from the same
//!   `malloc`). Only on memrefs with the identity layout, whose aligned pointer is
//!   the start of a buffer wherever they come from.
//! - `llvm.noalias = true` where the unit `llvm.noalias` may be, and `llvm.noalias =
//!   false` (no claim) on any memref argument.
//! - `llvm.signext` and `llvm.zeroext` only on `i32`, `i64` and `index` arguments and on
//!   memrefs (whose descriptors' integers are `i32` or `i64`): on x86-64 only narrower
//!   integers are extended, so the attribute changes no code, while on `i8` a caller
//!   that does not extend would break the callee's assumption.
//! - Dialect attributes (`test.flag = true`, `stdlower.n = 3 : i64`) freely.

use crate::config::{Family, GenConfig};
use crate::ub_guards::natural_alignment;
use arbitrary::{Result, Unstructured};
use converter::ir::{Attribute, Layout, Module, NamedAttr, OpKind, Type};

/// A dialect attribute, one of a few shapes.
fn dialect_attr(u: &mut Unstructured) -> Result<NamedAttr> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => NamedAttr::new("test.flag", Attribute::Bool(true)),
        1 => NamedAttr::new(
            "stdlower.n",
            Attribute::int(u.int_in_range(0..=9i64)? as i128, Type::i64()),
        ),
        2 => NamedAttr::new("test.unit", Attribute::Unit),
        _ => NamedAttr::new("test.note", Attribute::Str("gen".into())),
    })
}

/// Adds argument, result and call-site attributes to `m`, as `cfg` allows.
pub(crate) fn decorate(u: &mut Unstructured, cfg: &GenConfig, m: &mut Module) -> Result<()> {
    for f in &mut m.funcs {
        let Some(ft) = f.std_type().cloned() else {
            continue;
        };
        if cfg.has(Family::ArgAttrs) && u.int_in_range(0..=2u8)? == 0 {
            let memrefs = ft
                .inputs
                .iter()
                .filter(|t| matches!(t, Type::MemRef(_) | Type::UnrankedMemRef(..)))
                .count();
            let mut args = Vec::with_capacity(ft.inputs.len());
            for t in &ft.inputs {
                let mut d = Vec::new();
                if u.ratio(1, 3u8)? {
                    d.push(dialect_attr(u)?);
                }
                if matches!(t, Type::MemRef(_) | Type::Index | Type::Int(32 | 64))
                    && u.ratio(1, 6u8)?
                {
                    let ext = if u.arbitrary()? {
                        "llvm.signext"
                    } else {
                        "llvm.zeroext"
                    };
                    d.push(NamedAttr::new(ext, Attribute::Unit));
                }
                if let Type::MemRef(mt) = t {
                    if memrefs == 1 && u.ratio(1, 2u8)? {
                        // Also spelled as a bool, which the lowering writes as the unit.
                        let v = if u.ratio(1, 3u8)? {
                            Attribute::Bool(true)
                        } else {
                            Attribute::Unit
                        };
                        d.push(NamedAttr::new("llvm.noalias", v));
                    } else if u.ratio(1, 6u8)? {
                        // No claim at all: the lowering drops it.
                        d.push(NamedAttr::new("llvm.noalias", Attribute::Bool(false)));
                    }
                    if mt.layout == Layout::Identity && u.ratio(1, 2u8)? {
                        let align = natural_alignment(&mt.elem).min(8);
                        d.push(NamedAttr::new(
                            "llvm.align",
                            Attribute::int(align as i128, Type::i64()),
                        ));
                    }
                }
                args.push(d);
            }
            let mut results = Vec::with_capacity(ft.results.len());
            for _ in &ft.results {
                results.push(if u.ratio(1, 3u8)? {
                    vec![dialect_attr(u)?]
                } else {
                    Vec::new()
                });
            }
            f.set_arg_res_attrs(args, results);
        }
        if !cfg.has(Family::CallAttrs) {
            continue;
        }
        let Some(body) = &mut f.body else { continue };
        let calls: Vec<_> = body
            .walk_ops()
            .filter(|&op| matches!(body.op(op).kind, OpKind::Call | OpKind::CallIndirect))
            .collect();
        for op in calls {
            if u.ratio(1, 3u8)? {
                let a = dialect_attr(u)?;
                body.op_mut(op).attrs.push(a);
            }
        }
        let others: Vec<_> = body
            .walk_ops()
            .filter(|&op| !matches!(body.op(op).kind, OpKind::Call | OpKind::CallIndirect))
            .collect();
        for op in others {
            if u.ratio(1, 8u8)? {
                let a = dialect_attr(u)?;
                body.op_mut(op).attrs.push(a);
            }
        }
    }
    Ok(())
}

/// The `alignment` values an `alloc` (`on_stack` false) or `alloca` of elements with
/// natural alignment `natural` may take: with [`Family::AnyAlignment`] every power of
/// two from 1 to 128 for the heap (malloc gives 16 bytes and the lowering raises the
/// alignment of over-aligned vectors itself), and those not below the element's
/// natural alignment on the stack (LLVM's loads assume it); otherwise 8 to 128.
pub(crate) fn alignment_choices(cfg: &GenConfig, on_stack: bool, natural: u64) -> Vec<i128> {
    let all: &[i128] = if cfg.has(Family::AnyAlignment) {
        &[1, 2, 4, 8, 16, 32, 64, 128]
    } else {
        &[8, 16, 32, 64, 128]
    };
    all.iter()
        .copied()
        .filter(|&a| (!on_stack && cfg.has(Family::AnyAlignment)) || a as u64 >= natural)
        .collect()
}
