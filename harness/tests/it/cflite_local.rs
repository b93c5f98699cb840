//! ClusterFuzzLite's build on this machine: `scripts/cflite-local.sh` builds the fuzz
//! targets with `.clusterfuzzlite/build.sh`, checks with `ldd` that they need nothing a
//! runner without LLVM lacks, and runs each on its seed corpus.
//!
//! Off unless `STDLOWER_CFLITE_TEST=1` (also in CI): a first build links LLVM statically
//! into ASan-instrumented targets and takes many minutes. With it on, a missing
//! cargo-fuzz fails the test. `STDLOWER_CFLITE_SANITIZER` picks the sanitizer (default
//! `address`, ClusterFuzzLite's default).

use std::process::Command;

#[test]
fn cflite_build_is_self_contained_and_runs_its_seeds() {
    if std::env::var("STDLOWER_CFLITE_TEST").as_deref() != Ok("1") {
        eprintln!("skipped: set STDLOWER_CFLITE_TEST=1 to run scripts/cflite-local.sh");
        return;
    }
    let has_cargo_fuzz = Command::new("cargo")
        .args(["fuzz", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        has_cargo_fuzz,
        "STDLOWER_CFLITE_TEST=1 but cargo-fuzz is missing (cargo install cargo-fuzz --locked)"
    );
    let sanitizer =
        std::env::var("STDLOWER_CFLITE_SANITIZER").unwrap_or_else(|_| "address".to_string());
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../scripts/cflite-local.sh");
    let out = Command::new("bash")
        .arg(script)
        .args(["--sanitizer", &sanitizer, "--seconds", "5"])
        .output()
        .expect("run scripts/cflite-local.sh");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    for target in ["lowering", "parse"] {
        assert!(text.contains(&format!("{target}: ldd ok")), "{text}");
        assert!(
            text.contains(&format!("{target}: ")) && text.contains("seeds ok"),
            "{text}"
        );
    }
    assert!(
        text.contains(&format!("cflite-local: ok (SANITIZER={sanitizer}")),
        "{text}"
    );
}
