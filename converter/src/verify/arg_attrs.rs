//! Checks of function argument and result attributes: the LLVM ones must fit the
//! type they are attached to and have the value kind MLIR 22's verifier and
//! `mlir-translate` require (`"llvm.noalias" attribute attached to non-pointer LLVM
//! type`, `"llvm.noalias" should be a unit attribute`); other attributes (a dialect's
//! own, `test.flag = true`) are free.
//!
//! Where MLIR 22 is laxer, the check is LLVM IR's: `llvm.align` must be a power of
//! two (mlir-translate 22 passes `align 3` on to LLVM IR, which then does not parse).
//! A Standard signature is checked for the values only, with LLVM 11's
//! `llvm.noalias = true` accepted next to today's unit `llvm.noalias`: LLVM 11 let any
//! argument carry any attribute, and the lowering leaves out what does not fit the
//! LLVM type it would land on (`lower/attrs.rs`).

use crate::diag::Diagnostic;
use crate::ir::{Attribute, Func, NamedAttr, Type};
use crate::lower::attrs::{fits, POINTER_ATTRS, UNIT_ATTRS};

/// What an attribute's value must be, if it is one of the LLVM attributes we know.
fn value_problem(a: &NamedAttr, llvm_dialect: bool) -> Option<&'static str> {
    let name = a.name.as_ref();
    if UNIT_ATTRS.contains(&name) {
        return match &a.value {
            Attribute::Unit => None,
            Attribute::Bool(_) if !llvm_dialect => None,
            _ if llvm_dialect => Some("should be a unit attribute"),
            _ => Some("should be a unit attribute (or LLVM 11's 'true'/'false')"),
        };
    }
    match name {
        "llvm.align" => match a.value.as_int() {
            Some(v) if matches!(a.value, Attribute::Int { .. }) && v > 0 && (v & (v - 1)) == 0 => {
                None
            }
            _ => Some("should be an integer attribute holding a power of two"),
        },
        "llvm.dereferenceable" | "llvm.dereferenceable_or_null" => match &a.value {
            Attribute::Int { value, .. } if *value >= 0 => None,
            _ => Some("should be a non-negative integer attribute"),
        },
        _ => None,
    }
}

/// The kind of type an LLVM attribute needs that LLVM type `ty` is not, if any.
fn type_problem(name: &str, ty: &Type) -> Option<&'static str> {
    if fits(name, ty) {
        None
    } else if POINTER_ATTRS.contains(&name) {
        Some("non-pointer LLVM type")
    } else {
        Some("non-integer LLVM type")
    }
}

/// Checks `f`'s argument and result dictionaries against `inputs` and `results`
/// (`results` is the one LLVM result, or the Standard results).
pub(super) fn check(
    f: &Func,
    inputs: &[Type],
    results: &[Type],
    llvm_dialect: bool,
    errs: &mut Vec<Diagnostic>,
) {
    for (what, dicts, tys) in [
        ("argument", &f.arg_attrs, inputs),
        ("result", &f.res_attrs, results),
    ] {
        if dicts.is_empty() {
            continue;
        }
        if dicts.len() != tys.len() {
            errs.push(Diagnostic::error(
                f.loc,
                format!(
                    "function @{} has {} {what} attribute dictionaries for {} {what}s",
                    f.name,
                    dicts.len(),
                    tys.len()
                ),
            ));
            continue;
        }
        for (i, (d, ty)) in dicts.iter().zip(tys).enumerate() {
            for a in d {
                let problem = value_problem(a, llvm_dialect)
                    .map(str::to_string)
                    .or_else(|| {
                        llvm_dialect
                            .then(|| type_problem(&a.name, ty))
                            .flatten()
                            .map(|t| format!("attached to {t}"))
                    });
                if let Some(p) = problem {
                    errs.push(Diagnostic::error(
                        f.loc,
                        format!("\"{}\" on {what} {i} of @{}: {p}", a.name, f.name),
                    ));
                }
            }
        }
    }
}
