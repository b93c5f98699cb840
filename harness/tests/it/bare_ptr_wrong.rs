//! The `bare-ptr-signatures` oracle against deliberately wrong converters: one that
//! lowers every signature under the bare pointer calling convention as if the rule did
//! not exist (it accepts dynamic offsets, strides and sizes, and unranked memrefs), and
//! one that refuses strided layouts it must accept. The generator only writes signatures
//! the rule allows, so no other oracle sees either; this one finds both on generated
//! cases, and the correct lowering passes.

use converter::ir::types::Layout;
use converter::ir::{Module, Type};
use converter::lower::{lower_module, LowerOptions};
use harness::oracles::bare_ptr_rule::{check, check_with, Lowering};

/// Generated cases under the convention, with their lowering options.
fn bare_ptr_cases() -> Vec<(Module, LowerOptions)> {
    (0..400u64)
        .filter_map(|seed| {
            let (g, m) = generator::generate_swarm_from_seed(seed);
            g.use_bare_ptr_memref_call_conv.then(|| {
                let opts = LowerOptions {
                    index_bitwidth: g.index_bitwidth,
                    use_aligned_alloc: g.use_aligned_alloc,
                    use_bare_ptr_memref_call_conv: true,
                    ..Default::default()
                };
                (m, opts)
            })
        })
        .filter(|(m, _)| {
            m.funcs.iter().any(|f| {
                f.body
                    .as_ref()
                    .is_some_and(|b| b.values.iter().any(|v| matches!(v.ty, Type::MemRef(_))))
            })
        })
        .take(20)
        .collect()
}

fn lowered(probe: &Module, o: &LowerOptions) -> Lowering {
    lower_module(probe, o)
        .map(|_| ())
        .map_err(|d| format!("{d:?}"))
}

#[test]
fn the_correct_lowering_passes() {
    let cases = bare_ptr_cases();
    assert!(cases.len() >= 10, "only {} cases", cases.len());
    for (m, o) in &cases {
        assert_eq!(check(m, o), None);
    }
}

#[test]
fn a_lowering_without_the_rule_is_found() {
    // Every signature lowered as if the convention were off: accepted whatever it holds.
    let no_rule = |probe: &Module, o: &LowerOptions| {
        let off = LowerOptions {
            use_bare_ptr_memref_call_conv: false,
            ..o.clone()
        };
        lowered(probe, &off)
    };
    for (m, o) in bare_ptr_cases() {
        let found = check_with(&m, &o, &no_rule).expect("found");
        assert!(
            found.starts_with("the lowering accepted, under the bare pointer calling convention"),
            "{found}"
        );
    }
}

#[test]
fn a_lowering_that_refuses_strided_layouts_is_found() {
    let no_strided = |probe: &Module, o: &LowerOptions| {
        let strided = match &probe.funcs[0].ty {
            Type::Function(f) => f
                .inputs
                .iter()
                .any(|t| matches!(t, Type::MemRef(m) if matches!(m.layout, Layout::Strided(_)))),
            _ => false,
        };
        if strided {
            Err("strided layouts are not supported".to_string())
        } else {
            lowered(probe, o)
        }
    };
    for (m, o) in bare_ptr_cases() {
        let found = check_with(&m, &o, &no_strided).expect("found");
        assert!(
            found.starts_with(
                "the lowering refused, under the bare pointer calling convention, a signature \
                 memref with a static strided layout and static sizes"
            ),
            "{found}"
        );
    }
}
