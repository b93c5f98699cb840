//! Runs every file test under `corpus/` through the real `stdlower` binary, so that
//! `cargo test` covers what a user can observe: diagnostics, lowered text, and
//! interpreter and JIT results.

use std::process::Command;

#[test]
fn every_corpus_file_test_passes() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus");
    let out = Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .args(["test", root])
        .output()
        .expect("run stdlower test");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "corpus file tests failed:\n{stdout}\n{stderr}"
    );
    // The summary line must show a real run, not an empty directory.
    assert!(stdout.contains(" failed ("), "{stdout}");
}
