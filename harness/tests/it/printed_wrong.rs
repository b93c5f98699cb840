//! `lower-paths` on the printed lowering (`oracles::printed_runs_alike`): what `stdlower
//! lower` prints must read back, print again to itself, and run at the LLVM level as the
//! lowering in memory does. Every other oracle judges the module in memory, so a printer
//! that writes the wrong op or the wrong type passes them all. Here wrong printers are
//! made from the correct text: one writes `llvm.sub` for `llvm.add` (reads back, runs
//! otherwise), one writes `i32` for every `i64` constant (does not read back).

use converter::ir::Module;
use converter::llvm_print::{print_llvm, Syntax};
use converter::lower::{lower_module, LowerOptions};
use harness::exec::{run_llvm_level_traced, Outcome};
use harness::oracles::{printed_runs_alike, Verdict};

/// Generated cases the LLVM level runs, with their options, lowering and outcome.
fn cases(n: u64) -> Vec<(Module, LowerOptions, String, Outcome)> {
    (0..n)
        .filter_map(|seed| {
            let (_, m, opts) = crate::common::swarm_case(seed);
            let lowered = lower_module(&m, &opts).ok()?;
            let (ll, _) = run_llvm_level_traced(&m, &lowered, &opts, "main", &[], FUEL);
            matches!(ll, Outcome::Values(_) | Outcome::Ub(_))
                .then(|| (m, opts, print_llvm(&lowered, Syntax::Modern), ll))
        })
        .collect()
}

const FUEL: u64 = 50_000_000;

/// The finding's detail for `text` as the printing of case `m`, if any.
fn check(m: &Module, opts: &LowerOptions, text: &str, ll: &Outcome) -> Option<String> {
    match printed_runs_alike(m, text, opts, "main", &[], Some(ll), FUEL) {
        None => None,
        Some(Verdict::Finding { oracle, detail }) => {
            assert_eq!(oracle.as_str(), "lower-paths");
            Some(detail)
        }
        Some(v) => panic!("not a finding: {v}"),
    }
}

#[test]
fn the_correct_printing_passes() {
    let cases = cases(40);
    assert!(cases.len() >= 30, "only {} cases ran", cases.len());
    for (m, opts, text, ll) in &cases {
        assert_eq!(check(m, opts, text, ll), None, "{opts:?}");
    }
}

#[test]
fn a_printer_that_writes_sub_for_add_is_found() {
    let (mut changed, mut found) = (0, 0);
    for (m, opts, text, ll) in cases(60) {
        let wrong = text.replace("llvm.add ", "llvm.sub ");
        if wrong == text {
            continue;
        }
        changed += 1;
        if let Some(d) = check(&m, &opts, &wrong, &ll) {
            assert!(d.contains("runs otherwise at the LLVM level"), "{d}");
            found += 1;
        }
    }
    // An `add` whose result the program does not return, or adds zero, changes nothing.
    assert!(changed >= 20, "only {changed} cases have an llvm.add");
    assert!(found * 2 >= changed, "found on {found} of {changed}");
}

#[test]
fn a_printer_that_writes_i32_for_i64_constants_is_found() {
    let mut changed = 0;
    for (m, opts, text, ll) in cases(30) {
        let wrong = text.replace(" : i64) : i64", " : i32) : i32");
        if wrong == text {
            continue;
        }
        changed += 1;
        let d = check(&m, &opts, &wrong, &ll).expect("found");
        assert!(
            d.contains("does not parse") || d.contains("verifier"),
            "{d}"
        );
    }
    assert!(changed >= 10, "only {changed} cases have an i64 constant");
}
