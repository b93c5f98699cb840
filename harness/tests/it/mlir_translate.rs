//! Every corpus file that lowers is printed in today's LLVM-dialect syntax and fed to the
//! real `mlir-translate --mlir-to-llvmir` from MLIR 22 (skipped when it is not installed),
//! with each of the lowering's option sets: an independent check of every lowering.

use converter::lower::{lower_module, LowerOptions};
use harness::oracles::{mlir_translate_accepts, mlir_translate_path};

#[test]
fn mlir_translate_accepts_every_lowered_corpus_file() {
    if mlir_translate_path().is_none() {
        eprintln!("mlir-translate not installed: skipped");
        return;
    }
    let mut checked = 0;
    let mut failures = Vec::new();
    for crate::common::CorpusModule { name, m, .. } in crate::common::corpus_modules() {
        // Unregistered ops are not LLVM IR; mlir-translate rightly refuses them.
        let unregistered = m.funcs.iter().filter_map(|f| f.body.as_ref()).any(|b| {
            b.walk_ops()
                .any(|o| b.op(o).kind == converter::ir::OpKind::Unregistered)
        });
        if unregistered {
            continue;
        }
        for opts in [
            LowerOptions::default(),
            LowerOptions {
                index_bitwidth: 32,
                emit_c_interface: true,
                ..Default::default()
            },
        ] {
            let Ok(lowered) = lower_module(&m, &opts) else {
                continue;
            };
            checked += 1;
            if let Err(e) = mlir_translate_accepts(&lowered) {
                failures.push(format!("{name} ({opts:?}): {e}"));
            }
        }
    }
    assert!(checked > 50, "only {checked} lowered corpus modules");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
