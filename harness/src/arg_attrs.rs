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
//! Checked on every case without the bare pointer calling convention (where a memref is
//! one pointer).

use converter::ir::{Attribute, Func, FuncKind, Module, NamedAttr, Type};

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
fn expected_args(f: &Func, inputs: &[Type]) -> Vec<Vec<NamedAttr>> {
    let mut out = Vec::new();
    for (i, t) in inputs.iter().enumerate() {
        let d = spelled(f.arg_attr_dict(i));
        match t {
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

/// `None` when every lowered function of Standard module `m` carries the expected
/// argument and result dictionaries, else what differs, first function first.
pub fn check(m: &Module, lowered: &Module) -> Option<String> {
    for f in m.funcs.iter().filter(|f| f.kind == FuncKind::Std) {
        let Some(ft) = f.std_type() else { continue };
        let Some(l) = lowered.func(&f.name) else {
            return Some(format!("@{}: missing from the lowered module", f.name));
        };
        let (want_a, want_r) = (
            expected_args(f, &ft.inputs),
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
    }
    None
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
}
