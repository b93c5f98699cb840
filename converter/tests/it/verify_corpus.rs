//! The verifiers on real text: every Standard-dialect file of the corpus must parse and
//! pass `verify_module`, and its lowering (64- and 32-bit index, with and without C
//! wrappers) must pass `verify_llvm_module`, the oracle run on every lowered module.

use converter::lower::{lower_module, LowerOptions};
use converter::syntax::parse_module;
use converter::verify::{verify_llvm_module, verify_module};
use std::path::{Path, PathBuf};

fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut out = Vec::new();
    let mut dirs = vec![root];
    while let Some(d) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "mlir") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Files whose expectations say they must fail (`expected-error`) are not inputs here.
fn expects_error(text: &str) -> bool {
    text.contains("expected-error")
}

#[test]
fn corpus_verifies_before_and_after_lowering() {
    let files = corpus_files();
    assert!(!files.is_empty(), "no corpus files found");
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        if expects_error(&text) {
            continue;
        }
        let name = path.display().to_string();
        let m = match parse_module(&name, &bytes) {
            Ok(m) => m,
            Err(d) => {
                failures.push(d.render(&name, Some(&text)));
                continue;
            }
        };
        if let Err(ds) = verify_module(&m) {
            failures.extend(ds.iter().map(|d| d.render(&name, Some(&text))));
            continue;
        }
        for (index_bitwidth, emit_c_interface) in [(64, false), (32, false), (64, true)] {
            let opts = LowerOptions {
                index_bitwidth,
                emit_c_interface,
                ..Default::default()
            };
            let lowered = match lower_module(&m, &opts) {
                Ok(l) => l,
                Err(ds) => {
                    failures.extend(ds.iter().map(|d| d.render(&name, Some(&text))));
                    continue;
                }
            };
            if let Err(ds) = verify_llvm_module(&lowered) {
                failures.extend(
                    ds.iter()
                        .map(|d| format!("[lowered, {opts:?}] {}", d.render(&name, Some(&text)))),
                );
            }
        }
        checked += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 0);
}
