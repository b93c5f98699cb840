//! The `arg-attrs` oracle: the argument and result attributes every lowered function
//! must carry, derived from the *Standard* signature in harness code that shares nothing
//! with `converter::lower::attrs`, and compared with the lowering's. Execution cannot
//! see most of these attributes (a dropped `llvm.noalias`, a dialect attribute on the
//! wrong expanded argument), and MLIR 22 drops a memref argument's attributes, so neither
//! `interp-vs-jit` nor `upstream-structure` can tell.
//!
//! The rules (LLVM 11's `-convert-std-to-llvm`, its test `convert-argattrs.mlir`, and
//! the types MLIR 22's verifier lets each LLVM attribute sit on):
//! - `llvm.X = true` of a unit LLVM attribute becomes the unit `llvm.X`; `= false` is
//!   dropped;
//! - an attribute that only a pointer may carry (`llvm.noalias`, `llvm.align`, ...) stays
//!   only where the LLVM argument is a pointer; `llvm.signext`/`llvm.zeroext` only where
//!   it is an integer;
//! - a ranked memref's dictionary goes onto each of its `3 + 2 * rank` descriptor
//!   arguments, the pointer attributes onto the aligned pointer (the second) alone; an
//!   unranked memref's onto its rank and descriptor pointer, without pointer attributes;
//! - a function with exactly one result keeps that result's dictionary (fitted to the
//!   result's LLVM type); with more results, none;
//! - a function where no argument (result) has an attribute has no dictionaries.
//!
//! Under the bare pointer calling convention a ranked memref argument is one pointer,
//! which carries the whole dictionary (pointer attributes included), as LLVM 11 and
//! MLIR 22 both lower it.
//!
//! Call sites too, on every case: a Standard `call` or `call_indirect` keeps its
//! discardable attributes (all but `callee`) on its `llvm.call`, which carries no others
//! besides its own `callee` (once, for a direct call) and `callee_type`. Compared per
//! function as the sorted list of the calls' non-empty dictionaries, since the lowering
//! adds calls of its own (`malloc`, `free`) that carry none.
//!
//! Constants and terminators too, on every case: a `constant` (not of a function),
//! `return`, `br` or `cond_br` keeps its discardable attributes on the LLVM op(s) it
//! lowers to (LLVM 11's one-to-one and terminator lowerings; one constant per 1-D row of
//! an n-D vector), and no other constant or terminator has any. MLIR 22's pipeline drops
//! constants' attributes while folding, so `upstream-structure` cannot compare those.

use converter::ir::{Attribute, Func, FuncKind, Module, NamedAttr, OpKind, Type};

/// The oracle's name.
pub const ORACLE: crate::oracles::Oracle = crate::oracles::Oracle::ArgAttrs;

const POINTER_ONLY: [&str; 8] = [
    "llvm.noalias",
    "llvm.align",
    "llvm.nonnull",
    "llvm.dereferenceable",
    "llvm.dereferenceable_or_null",
    "llvm.nocapture",
    "llvm.readonly",
    "llvm.writeonly",
];
const INTEGER_ONLY: [&str; 2] = ["llvm.signext", "llvm.zeroext"];
const UNIT: [&str; 8] = [
    "llvm.noalias",
    "llvm.nonnull",
    "llvm.nocapture",
    "llvm.readonly",
    "llvm.writeonly",
    "llvm.signext",
    "llvm.zeroext",
    "llvm.noundef",
];

/// What an LLVM argument is, as far as the attribute rules care.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Slot {
    Pointer,
    Integer,
    Other,
}

/// The unit spelling of a dictionary: `= true` to unit, `= false` gone.
fn spelled(d: &[NamedAttr]) -> Vec<NamedAttr> {
    let mut out = Vec::new();
    for a in d {
        if UNIT.contains(&a.name.as_ref()) {
            match a.value {
                Attribute::Bool(false) => continue,
                Attribute::Bool(true) => {
                    out.push(NamedAttr::new(a.name.clone(), Attribute::Unit));
                    continue;
                }
                _ => {}
            }
        }
        out.push(a.clone());
    }
    out
}

fn allowed(name: &str, slot: Slot) -> bool {
    if POINTER_ONLY.contains(&name) {
        slot == Slot::Pointer
    } else if INTEGER_ONLY.contains(&name) {
        slot == Slot::Integer
    } else {
        true
    }
}

fn keep(d: &[NamedAttr], slot: Slot, pointer_attrs: bool) -> Vec<NamedAttr> {
    d.iter()
        .filter(|a| allowed(&a.name, slot))
        .filter(|a| pointer_attrs || !POINTER_ONLY.contains(&a.name.as_ref()))
        .cloned()
        .collect()
}

/// The LLVM slot a non-memref Standard value lowers to.
fn scalar_slot(t: &Type) -> Slot {
    match t {
        Type::Int(_) | Type::Index => Slot::Integer,
        Type::Function(_) => Slot::Pointer,
        _ => Slot::Other,
    }
}

/// The expected argument dictionaries of the lowering of Standard function `f`.
/// Under the bare pointer calling convention (`bare`) a ranked memref is one pointer,
/// which keeps the whole dictionary.
fn expected_args(f: &Func, inputs: &[Type], bare: bool) -> Vec<Vec<NamedAttr>> {
    let mut out = Vec::new();
    for (i, t) in inputs.iter().enumerate() {
        let d = spelled(f.arg_attr_dict(i));
        match t {
            Type::MemRef(_) if bare => out.push(keep(&d, Slot::Pointer, true)),
            Type::MemRef(m) => {
                let n = 3 + 2 * m.shape.len();
                for k in 0..n {
                    let slot = if k < 2 { Slot::Pointer } else { Slot::Integer };
                    out.push(keep(&d, slot, k == 1));
                }
            }
            Type::UnrankedMemRef(..) => {
                out.push(keep(&d, Slot::Integer, false));
                out.push(keep(&d, Slot::Pointer, false));
            }
            t => out.push(keep(&d, scalar_slot(t), true)),
        }
    }
    if out.iter().all(Vec::is_empty) {
        Vec::new()
    } else {
        out
    }
}

fn expected_results(f: &Func, results: &[Type]) -> Vec<Vec<NamedAttr>> {
    if results.len() != 1 {
        return Vec::new();
    }
    let slot = match &results[0] {
        Type::MemRef(_) | Type::UnrankedMemRef(..) => Slot::Other,
        t => scalar_slot(t),
    };
    let d = keep(&spelled(f.res_attr_dict(0)), slot, true);
    if d.is_empty() {
        Vec::new()
    } else {
        vec![d]
    }
}

fn sorted(ds: &[Vec<NamedAttr>]) -> Vec<Vec<String>> {
    ds.iter()
        .map(|d| {
            let mut v: Vec<String> = d
                .iter()
                .map(|a| format!("{}={:?}", a.name, a.value))
                .collect();
            v.sort();
            v
        })
        .collect()
}

/// The attributes of an `llvm.call` that are its own, not the Standard call's.
const CALL_OWN: [&str; 3] = ["callee", "callee_type", "var_callee_type"];

/// The sorted non-empty discardable dictionaries of the calls in `f`'s body: of
/// Standard calls when `std`, else of `llvm.call`s; `Err` when an `llvm.call` has
/// `callee` more than once.
fn call_dicts(f: &Func, std: bool) -> Result<Vec<Vec<String>>, String> {
    let Some(body) = &f.body else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for o in body.walk_ops() {
        let op = body.op(o);
        let (is_call, own): (bool, &[&str]) = if std {
            (
                matches!(op.kind, OpKind::Call | OpKind::CallIndirect),
                &["callee"],
            )
        } else {
            (op.kind == OpKind::LlvmCall, &CALL_OWN)
        };
        if !is_call {
            continue;
        }
        if !std && op.attrs.iter().filter(|a| a.name == "callee").count() > 1 {
            return Err(format!("@{}: an llvm.call has 'callee' twice", f.name));
        }
        let d: Vec<NamedAttr> = op
            .attrs
            .iter()
            .filter(|a| !own.contains(&a.name.as_ref()))
            .cloned()
            .collect();
        if !d.is_empty() {
            out.extend(sorted(&[d]));
        }
    }
    out.sort();
    Ok(out)
}

/// `None` when every call of a function of Standard module `m` keeps its discardable
/// attributes on its `llvm.call` in `lowered`, and no `llvm.call` has others; else what
/// differs, first function first.
pub fn check_calls(m: &Module, lowered: &Module) -> Option<String> {
    for f in m
        .funcs
        .iter()
        .filter(|f| f.kind == FuncKind::Std && f.body.is_some())
    {
        let Some(l) = lowered.func(&f.name) else {
            return Some(format!("@{}: missing from the lowered module", f.name));
        };
        let want = call_dicts(f, true);
        let got = call_dicts(l, false);
        if want != got {
            return Some(format!(
                "@{}: call-site attributes: expected {:?}, lowered {:?}",
                f.name,
                want.unwrap_or_default(),
                got.unwrap_or_else(|e| vec![vec![e]])
            ));
        }
    }
    None
}

/// How many LLVM ops carry the discardable attributes of Standard op `op` when it is
/// one whose lowering keeps them beside its own (LLVM 11's one-to-one rewrite of a
/// `constant` and its terminator lowerings): a `return`, `br` or `cond_br` becomes one
/// terminator; a `constant` of a number or a 1-D vector one `llvm.mlir.constant`, of an
/// n-D vector one per 1-D row; a function reference an `llvm.mlir.addressof` that
/// keeps none. `None` for the other ops.
fn kept_on(op: &converter::ir::OpData, body: &converter::ir::Body) -> Option<u64> {
    match op.kind {
        OpKind::Return | OpKind::Br | OpKind::CondBr => Some(1),
        OpKind::Constant => match op.attr("value") {
            Some(Attribute::SymbolRef(_)) | None => None,
            Some(_) => {
                let rows = match body.value_type(op.results[0]).as_vector() {
                    Some(v) if v.shape.len() > 1 => v.shape[..v.shape.len() - 1].iter().product(),
                    _ => 1,
                };
                Some(rows)
            }
        },
        _ => None,
    }
}

/// The LLVM op kinds that carry a Standard op's attributes per [`kept_on`], with the
/// attributes that are their own.
fn keeper(kind: OpKind) -> Option<&'static [&'static str]> {
    match kind {
        OpKind::LlvmReturn | OpKind::LlvmBr | OpKind::LlvmCondBr => Some(&[]),
        OpKind::LlvmConstant => Some(&["value"]),
        _ => None,
    }
}

/// `None` when the discardable attributes of every `constant`, `return`, `br` and
/// `cond_br` of a function of Standard module `m` are on the LLVM ops [`kept_on`] says,
/// as many times, and no other terminator or constant of the lowered function has any;
/// else what differs, first function first. Compared per function as sorted lists of
/// the non-empty dictionaries, since the lowering adds terminators and constants of its
/// own that carry none.
pub fn check_kept_op_attrs(m: &Module, lowered: &Module) -> Option<String> {
    for f in m
        .funcs
        .iter()
        .filter(|f| f.kind == FuncKind::Std && f.body.is_some())
    {
        let (Some(body), Some(lf)) = (&f.body, lowered.func(&f.name)) else {
            return Some(format!("@{}: missing from the lowered module", f.name));
        };
        let mut want = Vec::new();
        for o in body.walk_ops() {
            let op = body.op(o);
            let Some(n) = kept_on(op, body) else { continue };
            let own: &[&str] = if op.kind == OpKind::Constant {
                &["value"]
            } else {
                &[]
            };
            let d: Vec<NamedAttr> = op
                .attrs
                .iter()
                .filter(|a| !own.contains(&a.name.as_ref()))
                .cloned()
                .collect();
            if !d.is_empty() {
                for _ in 0..n {
                    want.extend(sorted(std::slice::from_ref(&d)));
                }
            }
        }
        let mut got = Vec::new();
        if let Some(lb) = &lf.body {
            for o in lb.walk_ops() {
                let op = lb.op(o);
                let Some(own) = keeper(op.kind) else { continue };
                let d: Vec<NamedAttr> = op
                    .attrs
                    .iter()
                    .filter(|a| !own.contains(&a.name.as_ref()))
                    .cloned()
                    .collect();
                if !d.is_empty() {
                    got.extend(sorted(std::slice::from_ref(&d)));
                }
            }
        }
        want.sort();
        got.sort();
        if want != got {
            return Some(format!(
                "@{}: attributes of constants and terminators: expected {want:?}, lowered {got:?}",
                f.name
            ));
        }
    }
    None
}

/// Whether the C wrapper of a function with `results` returns them through a pointer
/// passed first: several results, or one memref (a descriptor struct).
fn results_by_pointer(results: &[Type]) -> bool {
    results.len() > 1 || results.first().is_some_and(Type::is_memref)
}

/// The expected argument dictionaries of `_mlir_ciface_<f>`: none on the results'
/// out-pointer; a scalar's as on the function; a memref, passed as a pointer to its
/// descriptor, keeps what is not a pointer or integer attribute (those describe the
/// buffer and the descriptor's fields, not the pointer to the descriptor).
fn expected_wrapper_args(f: &Func, inputs: &[Type], results: &[Type]) -> Vec<Vec<NamedAttr>> {
    let mut out = Vec::new();
    if results_by_pointer(results) {
        out.push(Vec::new());
    }
    for (i, t) in inputs.iter().enumerate() {
        let d = spelled(f.arg_attr_dict(i));
        out.push(if t.is_memref() {
            keep(&d, Slot::Pointer, false)
        } else {
            keep(&d, scalar_slot(t), true)
        });
    }
    if out.iter().all(Vec::is_empty) {
        Vec::new()
    } else {
        out
    }
}

/// `None` when every lowered function of Standard module `m`, and every C wrapper of
/// one, carries the expected argument and result dictionaries, else what differs,
/// first function first.
pub fn check(m: &Module, lowered: &Module) -> Option<String> {
    check_under(m, lowered, false)
}

/// [`check`] for a module lowered under the bare pointer calling convention, where a
/// ranked memref argument is one pointer carrying its whole dictionary (LLVM 11 and
/// MLIR 22) and no function has a C wrapper.
pub fn check_bare_ptr(m: &Module, lowered: &Module) -> Option<String> {
    check_under(m, lowered, true)
}

fn check_under(m: &Module, lowered: &Module, bare: bool) -> Option<String> {
    for f in m.funcs.iter().filter(|f| f.kind == FuncKind::Std) {
        let Some(ft) = f.std_type() else { continue };
        let Some(l) = lowered.func(&f.name) else {
            return Some(format!("@{}: missing from the lowered module", f.name));
        };
        let (want_a, want_r) = (
            expected_args(f, &ft.inputs, bare),
            expected_results(f, &ft.results),
        );
        if sorted(&want_a) != sorted(&l.arg_attrs) {
            return Some(format!(
                "@{}: argument attributes: expected {:?}, lowered {:?}",
                f.name,
                sorted(&want_a),
                sorted(&l.arg_attrs)
            ));
        }
        if sorted(&want_r) != sorted(&l.res_attrs) {
            return Some(format!(
                "@{}: result attributes: expected {:?}, lowered {:?}",
                f.name,
                sorted(&want_r),
                sorted(&l.res_attrs)
            ));
        }
        // Its C wrapper, when it has one (whether it must is `c-interface`'s to say).
        let wrapper = format!("{}{}", crate::ciface::expect::PREFIX, f.name);
        let Some(w) = lowered
            .func(&wrapper)
            .filter(|_| m.func(&wrapper).is_none())
        else {
            continue;
        };
        let want_a = expected_wrapper_args(f, &ft.inputs, &ft.results);
        let want_r = if results_by_pointer(&ft.results) {
            Vec::new()
        } else {
            want_r
        };
        if sorted(&want_a) != sorted(&w.arg_attrs) || sorted(&want_r) != sorted(&w.res_attrs) {
            return Some(format!(
                "@{wrapper}: argument and result attributes: expected {:?} -> {:?}, \
                 lowered {:?} -> {:?}",
                sorted(&want_a),
                sorted(&want_r),
                sorted(&w.arg_attrs),
                sorted(&w.res_attrs)
            ));
        }
    }
    None
}

/// The oracle, for its registry row: the calls' attributes ([`check_calls`]), the kept
/// ops' ([`check_kept_op_attrs`]), then the arguments' ([`check`], or
/// [`check_bare_ptr`] under the bare pointer convention), on the case's lowering.
pub struct ArgAttrs;

impl crate::oracles::check::Check for ArgAttrs {
    fn name(&self) -> crate::oracles::Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [crate::oracles::check::Need] {
        &[crate::oracles::check::Need::Lowering]
    }

    fn applies(&self, _case: &crate::oracles::check::Case<'_>) -> crate::oracles::check::Applies {
        crate::oracles::check::Applies::Yes
    }

    fn check(&self, case: &crate::oracles::check::Case<'_>) -> crate::oracles::check::Judged {
        let m = case.module;
        let Some(lowered) = case.lowered() else {
            return crate::oracles::check::Judged::Agree;
        };
        let bare = case.cfg.exec.pass.use_bare_ptr_memref_call_conv;
        let finding = check_calls(m, lowered)
            .or_else(|| check_kept_op_attrs(m, lowered))
            .or_else(|| {
                if bare {
                    check_bare_ptr(m, lowered)
                } else {
                    check(m, lowered)
                }
            });
        crate::oracles::check::Judged::of(finding)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use converter::lower::{lower_module, LowerOptions};

    const SRC: &str = "func @f(%a: i32 {llvm.signext = true, dialect.a = 1 : i64}, %m: memref<4xf32> {llvm.noalias = true, llvm.align = 16 : i64}, %u: memref<*xf32> {dialect.u}) -> (i32 {dialect.r}) {\n  return %a : i32\n}\n";

    fn lowered() -> (Module, Module) {
        let m = converter::syntax::parse_module("t.mlir", SRC.as_bytes()).unwrap();
        let l = lower_module(&m, &LowerOptions::default()).unwrap();
        (m, l)
    }

    #[test]
    fn the_lowering_agrees() {
        let (m, l) = lowered();
        assert_eq!(check(&m, &l), None);
        // The memref's pointer attributes sit on its aligned pointer (argument 2) alone.
        let f = l.func("f").unwrap();
        let names = |i: usize| -> Vec<&str> {
            f.arg_attr_dict(i).iter().map(|a| a.name.as_ref()).collect()
        };
        assert!(names(2).contains(&"llvm.noalias"));
        assert!(!names(1).contains(&"llvm.noalias"));
    }

    #[test]
    fn wrong_lowerings_are_found() {
        // Attributes dropped (the lowering's normalization made to return nothing).
        let (m, mut l) = lowered();
        l.func_mut("f").unwrap().arg_attrs.clear();
        assert!(check(&m, &l).unwrap().contains("argument attributes"));
        // `llvm.noalias` on the allocated pointer instead of the aligned one.
        let (m, mut l) = lowered();
        let f = l.func_mut("f").unwrap();
        f.arg_attrs.swap(1, 2);
        assert!(check(&m, &l).is_some());
        // The result's dictionary lost.
        let (m, mut l) = lowered();
        l.func_mut("f").unwrap().res_attrs.clear();
        assert!(check(&m, &l).unwrap().contains("result attributes"));
    }

    #[test]
    fn bare_pointer_arguments_keep_the_whole_dictionary() {
        // An unranked memref has no bare pointer form: the function without it.
        let src = SRC.replace(", %u: memref<*xf32> {dialect.u}", "");
        let m2 = converter::syntax::parse_module("t.mlir", src.as_bytes()).unwrap();
        let opts = LowerOptions {
            use_bare_ptr_memref_call_conv: true,
            ..LowerOptions::default()
        };
        let l = lower_module(&m2, &opts).unwrap();
        assert_eq!(check_bare_ptr(&m2, &l), None);
        let f = l.func("f").unwrap();
        let names: Vec<&str> = f.arg_attr_dict(1).iter().map(|a| a.name.as_ref()).collect();
        assert_eq!(names, ["llvm.noalias", "llvm.align"]);
        // Issue 39: the pointer attributes dropped from the one pointer.
        let mut wrong = l.clone();
        wrong.func_mut("f").unwrap().arg_attrs[1].clear();
        assert!(check_bare_ptr(&m2, &wrong)
            .unwrap()
            .contains("argument attributes"));
        // The descriptor rule does not apply under the convention.
        assert!(check(&m2, &l).is_some());
    }

    #[test]
    fn c_wrapper_attributes_are_checked() {
        let src = SRC.replace(
            ") -> (i32 {dialect.r}) {",
            ") -> (i32 {dialect.r}) attributes {llvm.emit_c_interface} {",
        );
        let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).unwrap();
        let lowered = || lower_module(&m, &LowerOptions::default()).unwrap();
        let l = lowered();
        assert_eq!(check(&m, &l), None);
        let w = l.func("_mlir_ciface_f").unwrap();
        // The memref's dictionary, on the pointer to its descriptor, without the
        // buffer's pointer attributes.
        let names: Vec<&str> = w.arg_attr_dict(1).iter().map(|a| a.name.as_ref()).collect();
        assert!(names.is_empty(), "{names:?}");
        let names: Vec<&str> = w.arg_attr_dict(2).iter().map(|a| a.name.as_ref()).collect();
        assert_eq!(names, ["dialect.u"]);
        // The wrapper's attributes dropped (the mutant `c_param_attrs -> vec![]`).
        let mut l = lowered();
        l.func_mut("_mlir_ciface_f").unwrap().arg_attrs.clear();
        assert!(check(&m, &l).unwrap().contains("@_mlir_ciface_f"));
        // Its result's dictionary dropped.
        let mut l = lowered();
        l.func_mut("_mlir_ciface_f").unwrap().res_attrs.clear();
        assert!(check(&m, &l).unwrap().contains("@_mlir_ciface_f"));
        // A pointer attribute kept on the pointer to the descriptor.
        let mut l = lowered();
        let w = l.func_mut("_mlir_ciface_f").unwrap();
        w.arg_attrs[1].push(NamedAttr::new("llvm.noalias", Attribute::Unit));
        assert!(check(&m, &l).is_some());
    }

    const CALLS: &str = "func private @g(i32) -> i32\nfunc @f(%a: i32, %p: (i32) -> i32) -> i32 {\n  %0 = call @g(%a) {dialect.x = 1 : i64, a.b} : (i32) -> i32\n  %1 = call_indirect %p(%0) {dialect.y} : (i32) -> i32\n  %2 = call @g(%1) : (i32) -> i32\n  %m = alloc() : memref<4xf32>\n  dealloc %m : memref<4xf32>\n  return %2 : i32\n}\n";

    fn lowered_calls() -> (Module, Module) {
        let m = converter::syntax::parse_module("t.mlir", CALLS.as_bytes()).unwrap();
        let l = lower_module(&m, &LowerOptions::default()).unwrap();
        (m, l)
    }

    fn calls_of(l: &mut Module) -> (&mut converter::ir::Body, Vec<converter::ir::OpId>) {
        ops_of(l, OpKind::LlvmCall)
    }

    #[test]
    fn call_site_attributes_are_checked() {
        let (m, l) = lowered_calls();
        assert_eq!(check_calls(&m, &l), None);
        // Dropped from the direct call.
        let (m, mut l) = lowered_calls();
        let (body, calls) = calls_of(&mut l);
        body.op_mut(calls[0])
            .attrs
            .retain(|a| a.name.starts_with("callee"));
        assert!(check_calls(&m, &l)
            .unwrap()
            .contains("call-site attributes"));
        // Moved from the indirect call to the plain one.
        let (m, mut l) = lowered_calls();
        let (body, calls) = calls_of(&mut l);
        let moved: Vec<_> = body
            .op(calls[1])
            .attrs
            .iter()
            .filter(|a| a.name == "dialect.y")
            .cloned()
            .collect();
        body.op_mut(calls[1])
            .attrs
            .retain(|a| a.name != "dialect.y");
        body.op_mut(calls[0]).attrs.extend(moved);
        assert!(check_calls(&m, &l).is_some());
        // `callee` kept as a discardable attribute besides the call's own.
        let (m, mut l) = lowered_calls();
        let (body, calls) = calls_of(&mut l);
        let callee = body.op(calls[0]).attrs[0].clone();
        body.op_mut(calls[0]).attrs.push(callee);
        assert!(check_calls(&m, &l).unwrap().contains("'callee' twice"));
        // An attribute the Standard call does not have, on a call the lowering made.
        let (m, mut l) = lowered_calls();
        let (body, calls) = calls_of(&mut l);
        let last = *calls.last().unwrap();
        body.op_mut(last)
            .attrs
            .push(NamedAttr::new("dialect.z", Attribute::Unit));
        assert!(check_calls(&m, &l).is_some());
    }

    const KEPT: &str = "func @f(%c: i1) -> i32 {\n  %k = constant {d.k} 3 : i32\n  %v = constant {d.v} dense<1> : vector<2x3x4xi8>\n  %g = constant @f : (i1) -> i32\n  cond_br %c, ^bb1, ^bb1 {d.c}\n^bb1:\n  br ^bb2 {d.b}\n^bb2:\n  return {d.r} %k : i32\n}\n";

    fn lowered_kept() -> (Module, Module) {
        let m = converter::syntax::parse_module("t.mlir", KEPT.as_bytes()).unwrap();
        let l = lower_module(&m, &LowerOptions::default()).unwrap();
        (m, l)
    }

    /// The ops of kind `kind` in the lowered `@f`.
    fn ops_of(
        l: &mut Module,
        kind: OpKind,
    ) -> (&mut converter::ir::Body, Vec<converter::ir::OpId>) {
        let body = l.func_mut("f").unwrap().body.as_mut().unwrap();
        let ops = body
            .walk_ops()
            .filter(|&o| body.op(o).kind == kind)
            .collect();
        (body, ops)
    }

    #[test]
    fn attributes_of_constants_and_terminators_are_checked() {
        let (m, l) = lowered_kept();
        assert_eq!(check_kept_op_attrs(&m, &l), None);
        // The 2x3x4 vector is six 1-D rows, each its own constant with the attribute.
        let (_, mut l) = lowered_kept();
        let (body, cs) = ops_of(&mut l, OpKind::LlvmConstant);
        let with_v = cs
            .iter()
            .filter(|&&c| body.op(c).attr("d.v").is_some())
            .count();
        assert_eq!(with_v, 6);
        // Each of these is a finding: one row's attribute dropped, the return's dropped,
        // one on the `llvm.br` the lowering made to split the repeated successor.
        let (m, mut l) = lowered_kept();
        let (body, cs) = ops_of(&mut l, OpKind::LlvmConstant);
        let row = *cs
            .iter()
            .find(|&&c| body.op(c).attr("d.v").is_some())
            .unwrap();
        body.op_mut(row).attrs.retain(|a| a.name != "d.v");
        assert!(check_kept_op_attrs(&m, &l)
            .unwrap()
            .contains("constants and terminators"));
        let (m, mut l) = lowered_kept();
        let (body, rs) = ops_of(&mut l, OpKind::LlvmReturn);
        body.op_mut(rs[0]).attrs.clear();
        assert!(check_kept_op_attrs(&m, &l).is_some());
        let (m, mut l) = lowered_kept();
        let (body, bs) = ops_of(&mut l, OpKind::LlvmBr);
        assert!(bs.len() >= 2, "the split added a branch");
        let plain = *bs.iter().find(|&&b| body.op(b).attrs.is_empty()).unwrap();
        body.op_mut(plain)
            .attrs
            .push(NamedAttr::new("d.b", Attribute::Unit));
        assert!(check_kept_op_attrs(&m, &l).is_some());
    }
}
