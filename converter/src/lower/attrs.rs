//! Argument, result and call-site attributes under the lowering.
//!
//! The rules, each with where it comes from:
//! - A scalar argument keeps its dictionary (LLVM 11 and MLIR 22 alike).
//! - An LLVM attribute that does not fit the LLVM type it would land on (a pointer
//!   attribute on a non-pointer, `llvm.signext`/`llvm.zeroext` on a non-integer) is
//!   left out: the Standard dialect accepts `%x: i32 {llvm.noalias = true}`, as LLVM
//!   11's did, but LLVM 11's translation rejected it after the lowering and MLIR 22's
//!   verifier rejects it during the lowering; stdlower keeps such a program running.
//! - A ranked memref argument's dictionary goes onto *each* of its expanded arguments
//!   (LLVM 11's `-convert-std-to-llvm`, its test `convert-argattrs.mlir`; MLIR 22 drops
//!   them instead). The LLVM attributes that only a pointer may carry (`llvm.noalias`,
//!   `llvm.align`, `llvm.nonnull`, ...) go onto the *aligned* pointer alone: LLVM 11's
//!   own translation rejected them on the offset, size and stride integers, and they
//!   describe the data the function reads and writes, which is reached through the
//!   aligned pointer (the allocated pointer is only handed to `free`, and is not
//!   aligned as `llvm.align` says). Under the bare pointer calling convention the
//!   memref is that one pointer, which keeps the whole dictionary (LLVM 11 and MLIR 22).
//! - An unranked memref argument's dictionary goes onto its rank and its descriptor
//!   pointer, without the pointer attributes (the Standard verifier rejects those on
//!   an unranked memref: the pointer is the ranked descriptor's, not the data's).
//! - Results: a function with exactly one result keeps that result's dictionary (LLVM 11
//!   kept `result0` on the one LLVM result; MLIR 22 does the same); with two results or
//!   more the packed struct gets none (MLIR 22 drops them; LLVM 11 left `result0` on
//!   the struct and the others dangling, which is no rule).
//! - LLVM 11 spelled `llvm.noalias = true`; MLIR 22 requires the unit attribute
//!   `llvm.noalias`. The lowered IR holds the unit form (a `false` one is dropped), and
//!   the legacy printer spells it LLVM 11's way.
//! - C wrappers (`_mlir_ciface_`): a scalar argument keeps its dictionary; a memref
//!   argument passed as a pointer to its descriptor keeps its dialect attributes but
//!   not the pointer attributes, which describe the buffer and would be false of the
//!   descriptor (MLIR 22 copies them, giving the descriptor pointer e.g.
//!   `llvm.align = 64` that a C caller's stack descriptor does not have); an aggregate
//!   result returned through the out-pointer gives that pointer nothing, a result
//!   returned by value keeps its dictionary.
//! - A `call` or `call_indirect` keeps its discardable attributes on the `llvm.call`
//!   (LLVM 11 and MLIR 22 copy the op's attributes), sorted by name as MLIR's
//!   dictionaries are; one that `llvm.call` would read as its own (`branch_weights`,
//!   `callee_type`, ...) is a located error rather than a silent change of meaning.

use crate::ir::{Attribute, FunctionType, NamedAttr, Type};

/// LLVM argument attributes that only a pointer may carry (MLIR 22's verifier:
/// "attribute attached to non-pointer LLVM type").
pub const POINTER_ATTRS: &[&str] = &[
    "llvm.noalias",
    "llvm.align",
    "llvm.nonnull",
    "llvm.dereferenceable",
    "llvm.dereferenceable_or_null",
    "llvm.nocapture",
    "llvm.readonly",
    "llvm.writeonly",
];

/// LLVM attributes that only an integer may carry.
pub const INTEGER_ATTRS: &[&str] = &["llvm.signext", "llvm.zeroext"];

/// LLVM attributes that are unit attributes in MLIR 22 (LLVM 11 wrote `= true`).
pub const UNIT_ATTRS: &[&str] = &[
    "llvm.noalias",
    "llvm.nonnull",
    "llvm.nocapture",
    "llvm.readonly",
    "llvm.writeonly",
    "llvm.signext",
    "llvm.zeroext",
    "llvm.noundef",
];

/// Attributes of `llvm.call` that MLIR 22 gives a meaning (besides `callee`).
pub const CALL_INHERENT_ATTRS: &[&str] = &[
    "callee_type",
    "var_callee_type",
    "fastmathFlags",
    "CConv",
    "TailCallKind",
    "branch_weights",
    "arg_attrs",
    "res_attrs",
    "op_bundle_sizes",
    "op_bundle_tags",
    "memory_effects",
    "convergent",
    "no_unwind",
    "will_return",
    "no_inline",
    "always_inline",
    "inline_hint",
    "access_groups",
    "alias_scopes",
    "noalias_scopes",
    "tbaa",
];

pub fn is_pointer_attr(name: &str) -> bool {
    POINTER_ATTRS.contains(&name)
}

/// The dictionary in the lowered IR's spelling: `llvm.noalias = true` becomes the unit
/// `llvm.noalias`, `llvm.noalias = false` goes away.
pub fn normalize(attrs: &[NamedAttr]) -> Vec<NamedAttr> {
    attrs
        .iter()
        .filter_map(
            |a| match (&a.value, UNIT_ATTRS.contains(&a.name.as_ref())) {
                (Attribute::Bool(false), true) => None,
                (Attribute::Bool(true), true) => {
                    Some(NamedAttr::new(a.name.clone(), Attribute::Unit))
                }
                _ => Some(a.clone()),
            },
        )
        .collect()
}

/// Whether LLVM attribute `name` may sit on a parameter or result of LLVM type `ty`:
/// the pointer attributes on pointers, `llvm.signext`/`llvm.zeroext` on integers,
/// everything else anywhere.
pub fn fits(name: &str, ty: &Type) -> bool {
    if POINTER_ATTRS.contains(&name) {
        return matches!(ty, Type::LlvmPtr(..));
    }
    if INTEGER_ATTRS.contains(&name) {
        return matches!(ty, Type::Int(_));
    }
    true
}

/// `d` without the attributes that do not fit LLVM type `ty` ([`fits`]).
fn fitting(d: &[NamedAttr], ty: &Type) -> Vec<NamedAttr> {
    d.iter().filter(|a| fits(&a.name, ty)).cloned().collect()
}

/// The dictionaries of the expanded arguments of a function with Standard inputs
/// `inputs`, whose argument `i` has `dict(i)`; `fields(t)` gives the LLVM argument
/// types input type `t` expands to. An attribute that does not fit where it would go
/// (`llvm.noalias` on an `i32`, which LLVM 11's translation and MLIR 22's verifier
/// reject) is left out. Empty when no argument has any.
pub fn expanded_arg_attrs<'a>(
    inputs: &[Type],
    dict: impl Fn(usize) -> &'a [NamedAttr],
    fields: impl Fn(&Type) -> Vec<Type>,
) -> Vec<Vec<NamedAttr>> {
    let mut out = Vec::new();
    let mut any = false;
    for (i, t) in inputs.iter().enumerate() {
        let d = normalize(dict(i));
        let fs = fields(t);
        // The aligned pointer: the second field of a descriptor, or the one pointer a
        // memref becomes under the bare pointer calling convention.
        let aligned_pos = if fs.len() == 1 { 0 } else { 1 };
        for (j, ft) in fs.iter().enumerate() {
            let aligned_ptr = j == aligned_pos && matches!(t, Type::MemRef(_));
            let mut fd = fitting(&d, ft);
            if t.is_memref() && !aligned_ptr {
                fd.retain(|a| !is_pointer_attr(&a.name));
            }
            any |= !fd.is_empty();
            out.push(fd);
        }
    }
    if any {
        out
    } else {
        Vec::new()
    }
}

/// The result dictionaries of the lowered function: the one result's (of LLVM type
/// `ty`, without what does not fit it), or none.
pub fn lowered_res_attrs(ft: &FunctionType, dict: &[NamedAttr], ty: &Type) -> Vec<Vec<NamedAttr>> {
    let d = fitting(&normalize(dict), ty);
    if ft.results.len() == 1 && !d.is_empty() {
        vec![d]
    } else {
        Vec::new()
    }
}

/// A scalar argument's dictionary on a C wrapper parameter of LLVM type `ty`; for a
/// memref passed as a pointer to its descriptor, without the pointer attributes,
/// which describe the buffer.
pub fn c_param_attrs(dict: &[NamedAttr], memref: bool, ty: &Type) -> Vec<NamedAttr> {
    let mut d = fitting(&normalize(dict), ty);
    if memref {
        d.retain(|a| !is_pointer_attr(&a.name));
    }
    d
}

/// Attributes that the LLVM ops a Standard op's attributes are copied onto (the
/// one-to-one ops, `llvm.mlir.constant`, `llvm.br`, `llvm.cond_br`, `llvm.return`)
/// read as their own, with a meaning the Standard op does not have: overflow and
/// exactness flags make a result poison, fast-math flags license other results, branch
/// weights and loop annotations steer LLVM's optimizers.
pub const OP_INHERENT_ATTRS: &[&str] = &[
    "overflowFlags",
    "isExact",
    "fastmathFlags",
    "nonNeg",
    "isDisjoint",
    "branch_weights",
    "loop_annotation",
    "operandSegmentSizes",
    "access_groups",
    "alias_scopes",
    "noalias_scopes",
    "tbaa",
];

/// The first of `attrs` that an LLVM op would read as its own ([`OP_INHERENT_ATTRS`]).
pub fn inherent_attr(attrs: &[NamedAttr]) -> Option<&str> {
    attrs
        .iter()
        .map(|a| a.name.as_ref())
        .find(|n| OP_INHERENT_ATTRS.contains(n))
}

/// The discardable attributes of a Standard call, for the `llvm.call`, sorted by
/// name; `Err(name)` for one that `llvm.call` would read as its own.
pub fn call_attrs(attrs: &[NamedAttr]) -> Result<Vec<NamedAttr>, String> {
    let mut out: Vec<NamedAttr> = Vec::new();
    for a in attrs {
        if a.name == "callee" {
            continue;
        }
        if CALL_INHERENT_ATTRS.contains(&a.name.as_ref()) {
            return Err(a.name.to_string());
        }
        out.push(a.clone());
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(names: &[(&'static str, Attribute)]) -> Vec<NamedAttr> {
        names
            .iter()
            .map(|(n, v)| NamedAttr::new(*n, v.clone()))
            .collect()
    }

    #[test]
    fn memref_dictionaries_go_onto_every_field_and_pointer_ones_onto_the_aligned_pointer() {
        let m = Type::memref(vec![Some(4)], Type::F32);
        let inputs = vec![Type::i32(), m];
        let dicts = [
            d(&[("a.b", Attribute::Unit)]),
            d(&[
                ("llvm.noalias", Attribute::Bool(true)),
                ("x.y", Attribute::Bool(true)),
            ]),
        ];
        let fields = |t: &Type| {
            if t.is_memref() {
                let p = Type::llvm_ptr(Type::F32);
                vec![p.clone(), p, Type::i64(), Type::i64(), Type::i64()]
            } else {
                vec![Type::i32()]
            }
        };
        let out = expanded_arg_attrs(&inputs, |i| &dicts[i], fields);
        assert_eq!(out.len(), 6);
        assert_eq!(out[0], dicts[0]);
        let xy = d(&[("x.y", Attribute::Bool(true))]);
        assert_eq!(out[1], xy);
        assert_eq!(
            out[2],
            d(&[
                ("llvm.noalias", Attribute::Unit),
                ("x.y", Attribute::Bool(true))
            ])
        );
        for o in &out[3..] {
            assert_eq!(o, &xy);
        }
    }

    #[test]
    fn false_noalias_goes_away_and_nothing_means_an_empty_list() {
        let dicts = [d(&[("llvm.noalias", Attribute::Bool(false))])];
        let out = expanded_arg_attrs(&[Type::i32()], |i| &dicts[i], |_| vec![Type::i32()]);
        assert!(out.is_empty());
        // On a scalar, a pointer attribute does not fit and is left out.
        let dicts = [d(&[
            ("llvm.noalias", Attribute::Unit),
            ("a.b", Attribute::Unit),
        ])];
        let out = expanded_arg_attrs(&[Type::i32()], |i| &dicts[i], |_| vec![Type::i32()]);
        assert_eq!(out, vec![d(&[("a.b", Attribute::Unit)])]);
    }

    #[test]
    fn call_attributes_are_sorted_and_inherent_names_refused() {
        let a = d(&[
            ("foo", Attribute::Str("bar".into())),
            ("callee", Attribute::SymbolRef("f".into())),
            ("baz", Attribute::Unit),
        ]);
        let out = call_attrs(&a).unwrap();
        assert_eq!(
            out.iter().map(|a| a.name.as_ref()).collect::<Vec<_>>(),
            ["baz", "foo"]
        );
        assert_eq!(
            call_attrs(&d(&[("branch_weights", Attribute::Unit)])),
            Err("branch_weights".to_string())
        );
    }
}
