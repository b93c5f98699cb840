//! What the campaign's faster `upstream` oracle keeps of the slow one:
//! - a module a tool refuses in a `--split-input-file` batch gets that refusal as its
//!   answer, in the words of the module run alone (`upstream/ir_batch.rs`,
//!   `as_run_alone`), for MLIR 13's `mlir-opt` and `mlir-translate`, in the first
//!   chunk and past it (skipped without `mlir-opt-13`, a failure under `CI`);
//! - `llinterp` finding undefined behaviour in upstream's code, or other values, where
//!   the native run of that code agrees with the interpreter is a finding of its own
//!   (`upstream/interpreted.rs`, `confirm`), shown on a planted LLVM dialect (skipped
//!   without MLIR 22's tools, a failure under `CI`).

use converter::syntax::Release;
use harness::upstream::ir_batch::as_run_alone;
use harness::upstream::{self, Prepared};
use harness::upstream_release;
use harness::upstream_tools::{run_tool, TOOL_TIMEOUT};

/// A module MLIR 13's `mlir-opt` lowers.
const GOOD: &str = "func @g() -> i32 {\n  %0 = constant 7 : i32\n  return %0 : i32\n}\n";

/// A module MLIR 13's `mlir-opt` refuses (one function: a run alone prints one error):
/// a result attribute on a function of several results
/// (docs/findings/mlir13-multi-result-res-attrs.md).
const REFUSED: &str = "func @r() -> (i8 {test.note = \"gen\"}, f32) {\n  %0 = constant 1 : i8\n  %1 = constant 1.0 : f32\n  return %0, %1 : i8, f32\n}\n";

/// LLVM dialect MLIR 13's `mlir-translate` refuses to read.
const UNREADABLE: &str = "module {\n  llvm.func @u() -> i32 {\n    %0 = llvm.mlir.constant(1 : i32) : i32\n    llvm.bogus\n    llvm.return %0 : i32\n  }\n}\n";

/// Each refused text of a batch, first and past the first, gets the message of the
/// text run alone; the others are lowered.
fn refusals_read_as_runs_alone(
    tool: &std::path::Path,
    good: &str,
    bad: &str,
    args: &[String],
    batch: impl Fn(&[String]) -> Vec<Result<String, String>>,
) {
    for texts in [
        vec![good.to_string(), bad.to_string(), good.to_string()],
        vec![bad.to_string(), good.to_string()],
    ] {
        let answers = batch(&texts);
        assert_eq!(answers.len(), texts.len());
        for (text, answer) in texts.iter().zip(answers) {
            let alone = run_tool(tool, args, text, TOOL_TIMEOUT);
            if text == good {
                assert!(answer.is_ok() && alone.is_ok(), "{answer:?}\n{alone:?}");
                continue;
            }
            let (Err(split), Err(alone)) = (answer, alone) else {
                panic!("the tool takes the bad text")
            };
            assert_eq!(as_run_alone(&split), Some(alone), "{split}");
        }
    }
}

#[test]
fn a_refusal_in_a_batch_reads_as_the_module_run_alone() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR13) else {
        return;
    };
    let dl = upstream::host_data_layout().expect("host data layout");
    let opt_args = upstream_release::pipeline(Release::MLIR13, 64, Default::default(), dl);
    refusals_read_as_runs_alone(&t.tools.mlir_opt, GOOD, REFUSED, &opt_args, |texts| {
        upstream_release::lower_batch(&t, texts, &opt_args)
    });
    let good = run_tool(&t.tools.mlir_opt, &opt_args, GOOD, TOOL_TIMEOUT).expect("lowers");
    let translate_args = ["--mlir-to-llvmir".to_string()];
    refusals_read_as_runs_alone(
        &t.tools.mlir_translate,
        &good,
        UNREADABLE,
        &translate_args,
        |texts| upstream_release::translate_batch(&t, texts),
    );
}

fn tools22_or_skip() -> bool {
    match upstream::tools() {
        Ok(_) if upstream_release::selected_release().major() == 22 => true,
        other => {
            let why = format!("MLIR 22's tools are not selected: {:?}", other.err());
            assert!(std::env::var_os("CI").is_none(), "CI is set: {why}");
            eprintln!("skipped: {why}");
            false
        }
    }
}

/// The upstream path of `@main` of `src` when this thread's prepared LLVM dialect is
/// upstream's, with `plant` applied to it, and no LLVM IR (the native run runs the tools
/// alone, on the module itself): `Err` is the upstream oracle's finding.
fn upstream_with_planted_dialect(
    src: &str,
    plant: impl Fn(&str) -> String,
) -> Result<Option<harness::exec::Outcome>, String> {
    let m = converter::syntax::parse_module("planted.mlir", src.as_bytes()).expect("parses");
    let opts = harness::exec::ExecOptions::default();
    let text = upstream::export_for_run(&m, opts.pass).expect("exports");
    let dialect = upstream::llvm_dialect_of_text(&text, 64, opts.pass, &[]).expect("lowers");
    let planted = plant(&dialect);
    assert_ne!(planted, dialect, "the plant applies");
    let prepared = Prepared {
        text,
        index_bitwidth: 64,
        pass: opts.pass,
        llvm_dialect: Some(planted),
        ir: None,
    };
    let interp = harness::exec::run_interp(&m, "main", &[], &opts);
    upstream::with_prepared(Some(prepared), || {
        harness::engines::upstream::run(&m, "main", &[], &opts, true, &interp)
    })
}

#[test]
fn llinterp_undefined_behaviour_against_a_right_native_run_is_a_finding() {
    if !tools22_or_skip() {
        return;
    }
    let src = "func @main() -> i32 {\n  %0 = constant 7 : i32\n  return %0 : i32\n}\n";
    // Unplanted, llinterp agrees and its outcome stands (no native run, no finding).
    let same = upstream_with_planted_dialect(src, |d| format!("{d}\n"));
    assert!(
        matches!(&same, Ok(Some(harness::exec::Outcome::Values(_)))),
        "{same:?}"
    );
    // A division by zero before the return: llinterp finds undefined behaviour, the
    // native run of upstream's real lowering returns 7.
    let ub = upstream_with_planted_dialect(src, |d| {
        d.replacen(
            "llvm.return",
            "%z = llvm.mlir.constant(0 : i32) : i32\n    %q = llvm.udiv %z, %z : i32\n    llvm.return",
            1,
        )
    });
    let err = ub.expect_err("a finding");
    assert!(
        err.contains(
            "llinterp finds undefined behaviour against its native run, which agrees with interp"
        ),
        "{err}"
    );
    assert!(err.contains("upstream (native):\n"), "{err}");
    // Another value: a finding too.
    let other = upstream_with_planted_dialect(src, |d| d.replacen("(7 : i32)", "(8 : i32)", 1));
    let err = other.expect_err("a finding");
    assert!(
        err.contains("llinterp disagrees with its native run, which agrees with interp"),
        "{err}"
    );
}
