//! The `bare-ptr-signatures` oracle: under the bare pointer calling convention, which
//! memref types a signature may hold. The rule, from the spec and MLIR 22
//! (`docs/upstream-differences.md`): a ranked memref with static sizes and a strided
//! layout whose offset and strides are all static is one pointer; any other memref in a
//! signature is an error. The generator only writes signatures the rule allows, so no
//! other oracle ever sees the converter accept what it must refuse, or refuse what it
//! must accept with a layout other than the identity.
//!
//! So on every case lowered under the convention, the oracle takes the case's memref
//! types and probes the converter with variants of each, one `func @probe(%a: T)` a
//! variant: the type with static sizes (identity, then a static strided layout), with a
//! dynamic offset, a dynamic stride, a dynamic size, and unranked. The expectation is
//! this module's own reading of the rule, from the Standard type alone; a lowering that
//! accepts where it says no, or refuses where it says yes, is a finding.
//!
//! Results are outside the rule: LLVM 11 applied the convention to arguments only, so
//! each variant is also probed as a result (`func private @probe() -> T`), which must
//! lower, to the full descriptor (a later LLVM's bare pointer result is a finding).

use crate::bare_ptr::allowed;
use converter::ir::types::{Layout, MemRefType, StridedLayout};
use converter::ir::{Module, Type};
use converter::lower::LowerOptions;
use std::sync::Arc;

/// The oracle's name.
pub const ORACLE: crate::oracles::Oracle = crate::oracles::Oracle::BarePtrSignatures;

/// Memref types of a case probed (the first distinct ones met).
const TYPES_PROBED: usize = 3;

/// What about `t` decides the rule, for a finding's first line (its bucket): the first
/// of no rank, a dynamic size, offset or stride, or a layout that is not strided; else
/// its layout.
fn feature(t: &Type) -> &'static str {
    let Type::MemRef(m) = t else {
        return "an unranked memref";
    };
    let strided = match &m.layout {
        Layout::Identity => {
            return if m.shape.iter().all(Option::is_some) {
                "an identity layout and static sizes"
            } else {
                "a dynamic size"
            }
        }
        Layout::Strided(s) => Some(s),
        Layout::Affine { strided, .. } => strided.as_ref(),
    };
    match strided {
        _ if m.shape.iter().any(Option::is_none) => "a dynamic size",
        None => "a layout that is not strided",
        Some(s) if s.offset.is_none() => "a dynamic offset",
        Some(s) if s.strides.iter().any(Option::is_none) => "a dynamic stride",
        Some(_) => "a static strided layout and static sizes",
    }
}

/// The ranked memref types of `m`'s signatures and values, distinct, in order.
fn memref_types(m: &Module) -> Vec<Arc<MemRefType>> {
    let mut out: Vec<Arc<MemRefType>> = Vec::new();
    for t in crate::oracles::module_types(m) {
        if let Type::MemRef(r) = t {
            if !out.contains(r) {
                out.push(r.clone());
            }
        }
    }
    out
}

/// The variants of `m` probed: static sizes with the identity layout and with a static
/// strided one, a dynamic offset, a dynamic stride, a dynamic size, unranked.
fn variants(m: &MemRefType) -> Vec<Type> {
    let rank = m.shape.len();
    let sizes: Vec<Option<u64>> = m.shape.iter().map(|d| Some(d.unwrap_or(3))).collect();
    let with = |shape: Vec<Option<u64>>, layout: Layout| {
        Type::MemRef(Arc::new(MemRefType {
            shape,
            elem: m.elem.clone(),
            layout,
            memory_space: m.memory_space,
        }))
    };
    // Row-major strides of the static sizes, doubled: a layout that is not the identity.
    let mut strides = vec![Some(2i64); rank];
    for k in (0..rank.saturating_sub(1)).rev() {
        let next = strides[k + 1].unwrap_or(1);
        strides[k] = Some(next * sizes[k + 1].unwrap_or(1).max(1) as i64);
    }
    let strided = |offset: Option<i64>, strides: Vec<Option<i64>>| {
        Layout::Strided(StridedLayout { offset, strides })
    };
    let mut out = vec![
        with(sizes.clone(), Layout::Identity),
        with(sizes.clone(), strided(Some(5), strides.clone())),
        with(sizes.clone(), strided(None, strides.clone())),
        Type::unranked_memref_in(m.elem.clone(), m.memory_space),
    ];
    if rank > 0 {
        let mut dynamic_stride = strides.clone();
        dynamic_stride[rank - 1] = None;
        out.push(with(sizes.clone(), strided(Some(5), dynamic_stride)));
        let mut dynamic_size = sizes;
        dynamic_size[0] = None;
        out.push(with(dynamic_size, Layout::Identity));
    }
    out
}

/// What lowering a probe module gives: `Ok` when it lowered, else the diagnostics.
pub type Lowering = Result<(), String>;

/// The oracle on `m`, lowered with `lower` under `opts` (the convention on): the
/// finding's detail, or `None`.
pub fn check(m: &Module, opts: &LowerOptions) -> Option<String> {
    check_with(m, opts, &|probe, o| {
        crate::oracles::lower_probe(probe, o).map(|_| ())
    })
    .or_else(|| check_results_with(m, opts, &crate::oracles::lower_probe))
}

/// Whether LLVM type `t` is the descriptor a memref result of Standard type `std`
/// stays under the convention (LLVM 11 applied it to arguments only): a struct of two
/// pointers, the offset and, for a rank above 0, the size and stride arrays; an
/// unranked memref's `{i64, ptr}`.
fn is_descriptor(std: &Type, t: &Type) -> bool {
    let Type::LlvmStruct(fs) = t else {
        return false;
    };
    match std {
        Type::MemRef(m) => {
            let n = if m.shape.is_empty() { 3 } else { 5 };
            fs.len() == n && fs[..2].iter().all(|f| matches!(f, Type::LlvmPtr(..)))
        }
        _ => fs.len() == 2 && matches!(fs[1], Type::LlvmPtr(..)),
    }
}

/// The result half of the rule: every variant of the case's memref types (static or
/// dynamic, ranked or unranked) may be a result, and stays its full descriptor. Probed
/// as `func private @probe() -> T`, lowered with `lower`.
pub fn check_results_with(
    m: &Module,
    opts: &LowerOptions,
    lower: &dyn Fn(&Module, &LowerOptions) -> Result<Module, String>,
) -> Option<String> {
    for mt in memref_types(m).iter().take(TYPES_PROBED) {
        for t in variants(mt) {
            let text = format!("func private @probe() -> {t}\n");
            let Ok(probe) = converter::syntax::parse_module("probe.mlir", text.as_bytes()) else {
                continue;
            };
            let lowered = match lower(&probe, opts) {
                Ok(l) => l,
                Err(e) => {
                    return Some(format!(
                        "the lowering refused, under the bare pointer calling convention, a \
                         memref result with {}, which the convention leaves alone\n'{t}': {e}",
                        feature(&t)
                    ))
                }
            };
            let result = match lowered.func("probe").map(|f| &f.ty) {
                Some(Type::LlvmFunc(ft)) => ft.result.clone(),
                _ => continue,
            };
            if !is_descriptor(&t, &result) {
                return Some(format!(
                    "the lowering returned, under the bare pointer calling convention, a \
                     memref result with {} as {result}, not its descriptor (LLVM 11 applied \
                     the convention to arguments only)\n'{t}'",
                    feature(&t)
                ));
            }
        }
    }
    None
}

/// [`check`] with the lowering to probe given (tests give a wrong one).
pub fn check_with(
    m: &Module,
    opts: &LowerOptions,
    lower: &dyn Fn(&Module, &LowerOptions) -> Lowering,
) -> Option<String> {
    for mt in memref_types(m).iter().take(TYPES_PROBED) {
        for t in variants(mt) {
            let text = format!("func @probe(%a: {t}) {{\n  return\n}}\n");
            let Ok(probe) = converter::syntax::parse_module("probe.mlir", text.as_bytes()) else {
                continue;
            };
            let got = lower(&probe, opts);
            let want = allowed(&t);
            let found = match (want, got) {
                (true, Err(e)) => format!(
                    "the lowering refused, under the bare pointer calling convention, a \
                     signature memref with {}, which is one pointer\n'{t}': {e}",
                    feature(&t)
                ),
                (false, Ok(())) => format!(
                    "the lowering accepted, under the bare pointer calling convention, a \
                     signature memref with {}, which may not stand in a signature\n'{t}'",
                    feature(&t)
                ),
                _ => continue,
            };
            return Some(found);
        }
    }
    None
}

/// The oracle, for its registry row: [`check`] on cases lowered under the bare pointer
/// convention.
pub struct BarePtrRule;

impl crate::oracles::check::Check for BarePtrRule {
    fn name(&self) -> crate::oracles::Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [crate::oracles::check::Need] {
        &[crate::oracles::check::Need::Standard]
    }

    fn applies(&self, case: &crate::oracles::check::Case<'_>) -> crate::oracles::check::Applies {
        use crate::oracles::check::Applies;
        if case.cfg.exec.pass.use_bare_ptr_memref_call_conv {
            Applies::Yes
        } else {
            Applies::No("not lowered under the bare pointer convention".into())
        }
    }

    fn check(&self, case: &crate::oracles::check::Case<'_>) -> crate::oracles::check::Judged {
        crate::oracles::check::Judged::of(check(case.module, &case.lopts))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ty(text: &str) -> Type {
        let m = converter::syntax::parse_module(
            "t.mlir",
            format!("func private @f(%a: {text})\n").as_bytes(),
        )
        .expect("parses");
        match &m.funcs[0].ty {
            Type::Function(f) => f.inputs[0].clone(),
            t => panic!("{t}"),
        }
    }

    #[test]
    fn the_rule_reads_the_type_alone() {
        for (t, want) in [
            ("memref<2x3xf32>", true),
            ("memref<2x3xf32, offset: 5, strides: [6, 2]>", true),
            ("memref<f32>", true),
            ("memref<?x3xf32>", false),
            ("memref<2x3xf32, offset: ?, strides: [6, 2]>", false),
            ("memref<2x3xf32, offset: 5, strides: [6, ?]>", false),
            ("memref<*xf32>", false),
            ("memref<2x3xf32, affine_map<(d0, d1) -> (d1, d0)>>", false),
            ("i32", true),
        ] {
            assert_eq!(allowed(&ty(t)), want, "{t}");
        }
    }

    #[test]
    fn a_finding_names_what_decides_the_rule() {
        for (t, what) in [
            ("memref<*xf32>", "an unranked memref"),
            ("memref<?x3xf32>", "a dynamic size"),
            (
                "memref<2x3xf32, offset: ?, strides: [6, 2]>",
                "a dynamic offset",
            ),
            (
                "memref<2x3xf32, offset: 5, strides: [6, ?]>",
                "a dynamic stride",
            ),
            (
                "memref<2x3xf32, affine_map<(d0, d1) -> (d1, d0)>>",
                "a layout that is not strided",
            ),
            ("memref<2x3xf32>", "an identity layout and static sizes"),
            (
                "memref<2x3xf32, offset: 5, strides: [6, 2]>",
                "a static strided layout and static sizes",
            ),
        ] {
            assert_eq!(feature(&ty(t)), what, "{t}");
        }
    }

    #[test]
    fn results_stay_descriptors_and_a_bare_pointer_result_is_found() {
        let m = converter::syntax::parse_module(
            "t.mlir",
            b"func private @f(%a: memref<2x3xf32>) -> memref<?x3xf32>\n" as &[u8],
        )
        .unwrap();
        let opts = LowerOptions {
            use_bare_ptr_memref_call_conv: true,
            ..LowerOptions::default()
        };
        assert_eq!(
            check_results_with(&m, &opts, &crate::oracles::lower_probe),
            None
        );
        // A later LLVM's rule: the memref result becomes its aligned pointer.
        let later = |p: &Module, o: &LowerOptions| {
            let mut l = crate::oracles::lower_probe(p, o)?;
            if let Some(Type::LlvmFunc(ft)) = l.func_mut("probe").map(|f| &mut f.ty) {
                let mut ft2 = (**ft).clone();
                ft2.result = Type::llvm_ptr(Type::F32);
                *ft = Arc::new(ft2);
            }
            Ok(l)
        };
        let found = check_results_with(&m, &opts, &later).unwrap();
        assert!(found.contains("not its descriptor"), "{found}");
        // A lowering that refuses dynamic memref results (the rule of arguments).
        let strict = |p: &Module, o: &LowerOptions| {
            let dynamic = p.funcs.iter().any(|f| match &f.ty {
                Type::Function(ft) => ft.results.iter().any(|t| !allowed(t)),
                _ => false,
            });
            if dynamic {
                return Err("not static".to_string());
            }
            crate::oracles::lower_probe(p, o)
        };
        let found = check_results_with(&m, &opts, &strict).unwrap();
        assert!(found.contains("refused"), "{found}");
    }

    #[test]
    fn every_variant_prints_and_parses() {
        let m = ty("memref<?x4xi8, 3>");
        let Type::MemRef(mt) = &m else { panic!() };
        let vs = variants(mt);
        assert_eq!(vs.len(), 6);
        assert_eq!(vs.iter().filter(|t| allowed(t)).count(), 2);
        for t in vs {
            assert_eq!(ty(&t.to_string()), t);
        }
    }
}
