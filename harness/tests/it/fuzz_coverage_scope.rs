//! `scripts/rustc-fuzz-scope`, the rustc wrapper that keeps cargo-fuzz's coverage
//! instrumentation to the converter and the generator, and its comparison tracing to the
//! generator and the targets: run with `echo` standing in for rustc, the command line it
//! would hand on is what it prints.

use std::path::PathBuf;
use std::process::Command;

/// A cargo-fuzz compilation's flags: its coverage flags (marked `true`), in the spelling it
/// uses and the split `-C x` one, among flags that must survive whatever the crate.
const FUZZ_BUILD: &[(&str, bool)] = &[
    ("-Cpasses=sancov-module", true),
    ("-Copt-level=3", false),
    ("-Cllvm-args=-sanitizer-coverage-level=4", true),
    ("-C", false),
    ("debug-assertions", false),
    ("-Cllvm-args=-sanitizer-coverage-inline-8bit-counters", true),
    ("--cfg", false),
    ("fuzzing", false),
    ("-C", true),
    ("llvm-args=-sanitizer-coverage-trace-compares", true),
    ("-Cllvm-args=-simplifycfg-branch-fold-threshold=0", false),
];

/// The arguments the wrapper passes on for a compilation of `crate_name`.
fn passed_on(crate_name: &str, flags: &[&str], scope: Option<&str>) -> Vec<String> {
    passed_on_with(crate_name, flags, scope, None)
}

/// [`passed_on`] with `STDLOWER_FUZZ_CMP` set to `cmp` (or unset).
fn passed_on_with(
    crate_name: &str,
    flags: &[&str],
    scope: Option<&str>,
    cmp: Option<&str>,
) -> Vec<String> {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/rustc-fuzz-scope");
    let mut cmd = Command::new("bash");
    cmd.arg(script)
        .arg("echo")
        .arg("--crate-name")
        .arg(crate_name);
    cmd.args(flags);
    cmd.env_remove("STDLOWER_FUZZ_COVERAGE");
    cmd.env_remove("STDLOWER_FUZZ_CMP");
    if let Some(s) = scope {
        cmd.env("STDLOWER_FUZZ_COVERAGE", s);
    }
    if let Some(c) = cmp {
        cmd.env("STDLOWER_FUZZ_CMP", c);
    }
    let out = cmd.output().expect("bash runs the wrapper");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

fn fuzz_build_flags() -> Vec<&'static str> {
    FUZZ_BUILD.iter().map(|(f, _)| *f).collect()
}

/// What rustc should see: everything, or everything but the coverage flags.
fn expected(crate_name: &str, keep_sancov: bool) -> Vec<String> {
    let mut v = vec!["--crate-name".to_string(), crate_name.to_string()];
    v.extend(
        FUZZ_BUILD
            .iter()
            .filter(|(_, cov)| keep_sancov || !cov)
            .map(|(f, _)| f.to_string()),
    );
    v
}

/// What rustc should see for a covered crate whose compares are not traced: everything
/// but the trace-compares option (and the lone `-C` before it).
fn expected_without_cmp(crate_name: &str) -> Vec<String> {
    let mut v = expected(crate_name, true);
    let at = v
        .iter()
        .position(|f| f == "llvm-args=-sanitizer-coverage-trace-compares")
        .expect("the fuzz build traces compares");
    v.drain(at - 1..=at);
    v
}

#[test]
fn crates_outside_the_scope_lose_only_the_coverage_flags() {
    for name in ["interp", "jit", "harness", "serde_json", "inkwell"] {
        let got = passed_on(name, &fuzz_build_flags(), None);
        assert_eq!(got, expected(name, false), "{name}");
        assert!(!got
            .iter()
            .any(|f| f.contains("sancov") || f.contains("sanitizer-coverage")));
    }
}

#[test]
fn the_generator_and_the_targets_keep_them() {
    for name in ["generator", "lowering", "parse"] {
        assert_eq!(
            passed_on(name, &fuzz_build_flags(), None),
            expected(name, true),
            "{name}"
        );
    }
}

#[test]
fn the_converter_keeps_its_coverage_but_traces_no_compares() {
    let got = passed_on("converter", &fuzz_build_flags(), None);
    assert_eq!(got, expected_without_cmp("converter"));
    assert!(got.iter().any(|f| f.contains("inline-8bit-counters")));
    assert!(!got.iter().any(|f| f.contains("trace-compares")));
    // Compares traced again on request, and never outside the coverage scope.
    assert_eq!(
        passed_on_with("converter", &fuzz_build_flags(), None, Some("converter")),
        expected("converter", true)
    );
    assert_eq!(
        passed_on_with("converter", &fuzz_build_flags(), None, Some("all")),
        expected("converter", true)
    );
    assert_eq!(
        passed_on_with("interp", &fuzz_build_flags(), None, Some("all")),
        expected("interp", false)
    );
}

#[test]
fn the_scope_can_be_widened() {
    let flags = fuzz_build_flags();
    assert_eq!(
        passed_on("interp", &flags, Some("converter interp")),
        expected_without_cmp("interp")
    );
    assert_eq!(
        passed_on_with("jit", &flags, Some("all"), Some("all")),
        expected("jit", true)
    );
    assert_eq!(
        passed_on("converter", &flags, Some("interp")),
        expected("converter", false)
    );
}

#[test]
fn ordinary_builds_pass_through_unchanged() {
    let flags = ["-Copt-level=1", "-C", "debuginfo=1", "--cfg", "test"];
    let got = passed_on("interp", &flags, None);
    let mut want = vec!["--crate-name".to_string(), "interp".to_string()];
    want.extend(flags.iter().map(|s| s.to_string()));
    assert_eq!(got, want);
}
