//! MLIR 13's `mlir-translate` in a split run prints LLVM's verifier messages without
//! the chunk's prefix (`Invalid bitcast`), so those messages cannot be told apart by
//! prefix (`harness/src/upstream_release/batch.rs`, `unnamed_failures`). What the batch
//! still tells for certain it answers without running the case alone: the one chunk
//! that printed nothing when no diagnostic carries a prefix; and the chunks whose
//! prefixed diagnostics name them run again as a batch of their own. Every answer is
//! what the case alone gives (a refusal in a run alone's words). Skipped without
//! `mlir-opt-13`, a failure under `CI`.

use converter::syntax::Release;
use harness::upstream::ir_batch::as_run_alone;
use harness::upstream_release;
use harness::upstream_tools::{run_tool, TOOL_TIMEOUT};

fn good(n: i32) -> String {
    format!("module {{\n  llvm.func @f{n}() -> i32 {{\n    %0 = llvm.mlir.constant({n} : i32) : i32\n    llvm.return %0 : i32\n  }}\n}}\n")
}

/// Read and translated by MLIR 13, refused by LLVM's verifier, whose message carries no
/// chunk prefix.
const BITCAST: &str = "module {\n  llvm.func @b(%arg0: !llvm.ptr<i8>) -> !llvm.ptr<f16, 255> {\n    %0 = llvm.bitcast %arg0 : !llvm.ptr<i8> to !llvm.ptr<f16, 255>\n    llvm.return %0 : !llvm.ptr<f16, 255>\n  }\n}\n";

/// Not read by MLIR 13: a diagnostic with the chunk's prefix.
fn unreadable(n: i32) -> String {
    format!("module {{\n  llvm.func @u{n}() -> i32 {{\n    %0 = llvm.mlir.constant(1 : i32) : i32\n    llvm.bogus\n    llvm.return %0 : i32\n  }}\n}}\n")
}

#[test]
fn unprefixed_verifier_messages_still_leave_answers_a_run_alone_gives() {
    let Some(t) = crate::common::upstream_toolchain(Release::MLIR13) else {
        return;
    };
    let args = ["--mlir-to-llvmir".to_string()];
    for texts in [
        // The one refusal: no prefix anywhere, the whole stderr is its.
        vec![good(1), BITCAST.to_string(), good(2)],
        vec![BITCAST.to_string(), good(1)],
        // Refusals with the prefix beside it: run again without it.
        vec![
            good(1),
            unreadable(1),
            BITCAST.to_string(),
            good(2),
            unreadable(2),
            good(3),
        ],
        vec![
            unreadable(1),
            unreadable(2),
            BITCAST.to_string(),
            BITCAST.to_string(),
        ],
    ] {
        let answers = upstream_release::translate_batch(&t, &texts);
        assert_eq!(answers.len(), texts.len());
        for (text, answer) in texts.iter().zip(answers) {
            let alone = run_tool(&t.tools.mlir_translate, &args, text, TOOL_TIMEOUT);
            match (&answer, &alone) {
                (Ok(ir), Ok(_)) => assert!(ir.contains("; ModuleID"), "{ir}"),
                (Err(e), Err(a)) => {
                    let words = as_run_alone(e).unwrap_or_else(|| e.clone());
                    assert_eq!(&words, a, "{text}");
                }
                _ => panic!("{text}\nbatch: {answer:?}\nalone: {alone:?}"),
            }
        }
    }
}
