//! The campaign's batched `upstream` oracle (`campaign/upstream_queue.rs`,
//! `upstream/ir_batch.rs`): the LLVM IR a batch gives a module is what the
//! module run alone through MLIR 22's tools gives, byte for byte, a refused one its refusal;
//! and the check takes a prepared answer only for the export it was prepared for.
//! Skipped without MLIR 22's tools, a failure under `CI`.

use converter::syntax::parse_module;
use harness::upstream::ir_batch::{to_llvm_ir_batch, Job};
use harness::upstream::{self, Prepared, UpstreamError};

fn tools_or_skip() -> bool {
    match upstream::tools() {
        Ok(_) => true,
        Err(e) => {
            assert!(std::env::var_os("CI").is_none(), "CI is set: {e}");
            eprintln!("skipped: {e}");
            false
        }
    }
}

fn corpus_module(name: &str) -> converter::ir::Module {
    let path = format!("{}/../corpus/run/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read(&path).expect("corpus file");
    parse_module(&path, &text).expect("corpus module parses")
}

#[test]
fn a_batch_answers_each_module_as_the_module_alone() {
    if !tools_or_skip() {
        return;
    }
    let mut jobs: Vec<Job> = ["higher_order.mlir", "math_unary.mlir", "nd_vector.mlir"]
        .iter()
        .map(|n| Job {
            text: upstream::export_for_run(&corpus_module(n), Default::default()).expect("exports"),
            index_bitwidth: 64,
            pass: Default::default(),
            native: true,
        })
        .collect();
    // A module mlir-opt refuses, between the others: it costs the others nothing, and its
    // answer is the refusal of the module run alone.
    jobs.insert(
        1,
        Job {
            text:
                "func.func @bad() -> i32 {\n  %0 = arith.constant 1 : i64\n  return %0 : i32\n}\n"
                    .into(),
            index_bitwidth: 64,
            pass: Default::default(),
            native: true,
        },
    );
    let batch = to_llvm_ir_batch(&jobs);
    assert_eq!(batch.len(), jobs.len());
    for (k, (j, b)) in jobs.iter().zip(batch).enumerate() {
        let alone = upstream::lower_text_with(&j.text, 64, Default::default());
        if k == 1 {
            assert!(matches!(alone, Err(UpstreamError::Tool(_))), "{alone:?}");
            let b = b.expect("a refusal is an answer");
            assert!(b.llvm_dialect.is_none(), "{b:?}");
            assert_eq!(b.ir, Some(alone));
            continue;
        }
        let b = b.expect("every module mlir-opt lowers has an answer");
        assert_eq!(b.text, j.text);
        assert_eq!(b.ir, Some(alone), "{}", j.text);
    }
}

#[test]
fn the_check_takes_a_prepared_answer_only_for_its_own_export() {
    let m = corpus_module("higher_order.mlir");
    let opts = harness::exec::ExecOptions::default();
    let Ok(text) = upstream::export_for_run(&m, opts.pass) else {
        panic!("exports")
    };
    let prepared = |text: String, index_bitwidth| Prepared {
        text,
        index_bitwidth,
        pass: opts.pass,
        llvm_dialect: None,
        ir: Some(Ok("; prepared".to_string())),
    };
    let mine = prepared(text.clone(), opts.index_bitwidth);
    let got = upstream::with_prepared(Some(mine), || upstream::to_llvm_ir(&m, &opts));
    assert_eq!(got, Ok("; prepared".to_string()));
    // Taken once: a second call in the same scope runs the tools.
    let twice = upstream::with_prepared(Some(prepared(text.clone(), opts.index_bitwidth)), || {
        let _ = upstream::to_llvm_ir(&m, &opts);
        upstream::to_llvm_ir(&m, &opts)
    });
    assert_ne!(twice, Ok("; prepared".to_string()));
    // Another export, or other options: not this module's answer.
    let other = prepared(format!("{text}\n"), opts.index_bitwidth);
    let got = upstream::with_prepared(Some(other), || upstream::to_llvm_ir(&m, &opts));
    assert_ne!(got, Ok("; prepared".to_string()));
    let other = prepared(text, 32);
    let got = upstream::with_prepared(Some(other), || upstream::to_llvm_ir(&m, &opts));
    assert_ne!(got, Ok("; prepared".to_string()));
}

/// With MLIR 22 itself selected, no finding is re-run on MLIR 22 (the re-run's own
/// outcome needs a JIT worker, which a test process does not start).
#[test]
fn mlir22_never_reclassifies_its_own_findings() {
    use harness::upstream::recheck;
    if harness::upstream_release::selected_release().major() < 22 {
        return;
    }
    let m = corpus_module("math_unary.mlir");
    let opts = harness::exec::ExecOptions::default();
    let finding = harness::oracles::Verdict::Finding {
        oracle: harness::oracles::Oracle::Upstream,
        detail: "upstream disagrees with interp and jit\n".into(),
    };
    assert!(recheck::classify(&m, &finding, &opts).is_none());
}

/// A case not sampled for a native run gets `mlir-opt`'s LLVM dialect and no LLVM IR;
/// that dialect, read back and run by `llinterp`, gives the interpreter's values, and a
/// wrong lowering planted in it (another constant) gives other values: the LLVM level
/// runs upstream's code, not ours.
#[test]
fn a_batch_answers_the_llvm_dialect_that_llinterp_runs() {
    use harness::upstream::interpreted::run_dialect;
    if !tools_or_skip() {
        return;
    }
    let names = ["higher_order.mlir", "math_unary.mlir", "nd_vector.mlir"];
    let modules: Vec<_> = names.iter().map(|n| corpus_module(n)).collect();
    let jobs: Vec<Job> = modules
        .iter()
        .map(|m| Job {
            text: upstream::export_for_run(m, Default::default()).expect("exports"),
            index_bitwidth: 64,
            pass: Default::default(),
            native: false,
        })
        .collect();
    let opts = harness::exec::ExecOptions::default();
    for (m, b) in modules.iter().zip(to_llvm_ir_batch(&jobs)) {
        let b = b.expect("every module mlir-opt lowers has an answer");
        assert!(b.ir.is_none(), "no LLVM IR for a case run by llinterp");
        let dialect = b.llvm_dialect.expect("the LLVM dialect");
        let interp = harness::exec::run_interp(m, "main", &[], &opts);
        let ll = run_dialect(m, &dialect, "main", &[], &opts).expect("reads back");
        assert!(
            harness::engines::diff(&interp, &ll).agrees(),
            "{m:?}\n{ll:?}"
        );
        if m.file.ends_with("higher_order.mlir") {
            let planted = dialect.replace("2.250000e+00", "3.250000e+00");
            assert_ne!(planted, dialect, "the constant is in upstream's printing");
            let wrong = run_dialect(m, &planted, "main", &[], &opts).expect("reads back");
            assert!(
                !harness::engines::diff(&interp, &wrong).agrees(),
                "{wrong:?}"
            );
        }
    }
}
