//! The `mlir-translate` oracle in batches: many lowered modules through one
//! `--split-input-file` process must answer for each module exactly what a process of
//! its own answers, so a rejection names its module and no other; and the campaign's
//! deferred check must give the verdict the direct check gives.

use harness::mlir_translate::{accepts_batch, accepts_text, text_of, tool_path};
use harness::oracles::{check_generated, check_generated_deferring, Oracle, OracleConfig, Verdict};

/// Lowered modules of generated cases, as mlir-translate reads them.
fn good_texts(n: u64) -> Vec<String> {
    (0..n)
        .map(|seed| {
            let (_, m) = generator::generate_swarm_from_seed(1000 + seed);
            let lopts = converter::lower::LowerOptions {
                index_bitwidth: 64,
                emit_c_interface: false,
                ..Default::default()
            };
            text_of(&converter::lower::lower_module(&m, &lopts).expect("generated modules lower"))
        })
        .collect()
}

/// Modules mlir-translate must reject, each in its own way: a use at the wrong type
/// (a parse error), an unknown operation, a call of an undefined function.
const BAD: [&str; 3] = [
    "module {\n  llvm.func @main() -> i32 {\n    %0 = llvm.mlir.constant(2 : i32) : i64\n    llvm.return %0 : i32\n  }\n}\n",
    "module {\n  llvm.func @main() {\n    llvm.no_such_op\n    llvm.return\n  }\n}\n",
    "module {\n  llvm.func @main() -> i32 {\n    %0 = llvm.call @nowhere() : () -> i32\n    llvm.return %0 : i32\n  }\n}",
];

#[test]
fn a_rejection_in_a_batch_names_exactly_its_module() {
    if tool_path().is_none() {
        eprintln!("mlir-translate 22 not installed: skipped");
        return;
    }
    let good = good_texts(5);
    for bad in BAD {
        assert!(accepts_text(bad).is_err(), "mlir-translate accepts {bad}");
    }
    assert!(accepts_batch(&good).iter().all(Result::is_ok));
    // A module holding the split marker (in a comment) is still one module.
    let marked = "module {\n// -----\n}\n".to_string();
    assert!(accepts_text(&marked).is_ok());
    let with_marked = vec![good[0].clone(), marked, good[1].clone()];
    assert!(accepts_batch(&with_marked).iter().all(Result::is_ok));
    // Bad modules first, in the middle, last, and two in one batch.
    let placements: [&[(usize, usize)]; 5] = [
        &[(0, 0)],
        &[(3, 1)],
        &[(5, 2)],
        &[(1, 0), (4, 2)],
        &[(2, 1), (3, 0)],
    ];
    for places in placements {
        let mut texts = good.clone();
        for &(at, which) in places {
            texts.insert(at, BAD[which].to_string());
        }
        let answers = accepts_batch(&texts);
        assert_eq!(answers.len(), texts.len());
        for (i, a) in answers.iter().enumerate() {
            let bad = places.iter().any(|&(at, _)| at == i);
            match a {
                Ok(()) => assert!(!bad, "{places:?}: module {i} passed"),
                Err(msg) => {
                    assert!(bad, "{places:?}: good module {i} blamed: {msg}");
                    // The module's own diagnostics, not the batch's shifted ones.
                    assert_eq!(Err(msg.clone()), accepts_text(&texts[i]));
                    assert!(!msg.contains("within split"), "{msg}");
                }
            }
        }
    }
}

/// The check a campaign defers and runs in a batch gives the same verdict, and the same
/// list of oracles run, as the check run in its place; a rejection handed to a deferred
/// check ends the oracle list at `mlir-translate`, as the direct check does when it fails.
#[test]
fn a_deferred_check_resolves_to_the_direct_verdict() {
    if tool_path().is_none() {
        eprintln!("mlir-translate 22 not installed: skipped");
        return;
    }
    // The JIT in this process (a test binary is no JIT worker), so the modules with
    // the vector shapes LLVM 22 aborts on are left out.
    let cfg = OracleConfig {
        mlir_translate: true,
        jit_in_process: true,
        ..OracleConfig::default()
    };
    let mut deferred_texts = Vec::new();
    let mut pending = Vec::new();
    for seed in 0..8u64 {
        let (_, m) = generator::generate_swarm_from_seed(seed);
        if harness::fuzzing::may_hit_known_llvm_abort(&m) {
            continue;
        }
        let direct = check_generated(&m, &cfg);
        let (report, deferred) = check_generated_deferring(&m, &cfg).expect("no panic");
        let Some(d) = deferred.translate else {
            assert!(!direct.ran(Oracle::MlirTranslate));
            assert_eq!(
                (report.verdict.to_string(), report.ran),
                (direct.verdict.to_string(), direct.ran)
            );
            continue;
        };
        deferred_texts.push(d.text.clone());
        pending.push((d, report, direct));
    }
    assert!(
        !pending.is_empty(),
        "no case reached the mlir-translate check"
    );
    let answers = accepts_batch(&deferred_texts);
    for ((d, report, direct), a) in pending.into_iter().zip(answers) {
        let rejected = d
            .clone()
            .resolve(report.clone(), Err("mlir-translate rejected".into()));
        assert!(matches!(
            rejected.verdict,
            Verdict::Finding {
                oracle: Oracle::MlirTranslate,
                ..
            }
        ));
        let cut = rejected.ran;
        assert_eq!(cut.last(), Some(&Oracle::MlirTranslate));
        assert!(report.ran.starts_with(&cut));
        let resolved = d.resolve(report, a);
        assert_eq!(
            (resolved.verdict.to_string(), resolved.ran),
            (direct.verdict.to_string(), direct.ran)
        );
    }
}
