//! Resource limits are skips, not findings, and the timeout is the native code's:
//! `run --timeout` does not count compilation, `check --timeout` and `check --arg`
//! work as in `run`, a native stack overflow or a timeout in `check` is a skip with its
//! reason (and a wild store still a crash), and `check` reports a documented upstream
//! LLVM bug as `known-upstream`, as campaigns do.

use crate::common;

use common::TempDir;
use std::process::Command;

/// `stdlower ARGS` with an 8 MiB stack limit (whatever this process's `ulimit -s`),
/// which the JIT worker inherits: exit code, stdout, stderr.
fn stdlower(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -s 8192 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_stdlower-full"))
        .args(args)
        .output()
        .expect("run stdlower");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `@main` calls `@rec(n)`, which recurses `n` deep with a 1 KiB alloca in every frame.
fn deep(n: u64) -> String {
    format!(
        r#"func @rec(%n: i64) -> i64 {{
  %z = constant 0 : i64
  %c = cmpi "eq", %n, %z : i64
  cond_br %c, ^done, ^more
^done:
  return %z : i64
^more:
  %buf = alloca() : memref<128xi64>
  %i0 = constant 0 : index
  store %n, %buf[%i0] : memref<128xi64>
  %one = constant 1 : i64
  %m = subi %n, %one : i64
  %r = call @rec(%m) : (i64) -> i64
  %v = load %buf[%i0] : memref<128xi64>
  %s = addi %r, %one : i64
  return %s : i64
}}
func @main() -> i64 {{
  %n = constant {n} : i64
  %r = call @rec(%n) : (i64) -> i64
  return %r : i64
}}
"#
    )
}

#[test]
fn a_native_stack_overflow_is_a_skip_in_check_and_a_crash_in_run() {
    let dir = TempDir::new("check-limits-stack");
    // The interpreter finishes 150,000 frames; an 8 MiB native stack does not.
    let f = dir.file("deep.mlir", &deep(150_000));
    let f = f.to_str().unwrap();
    let (code, out, _) = stdlower(&["interp", f]);
    assert_eq!((code, out.as_str()), (Some(0), "i64 150000\n"));
    let (code, _, err) = stdlower(&["run", f]);
    assert_eq!(code, Some(4), "{err}");
    assert_eq!(err.trim(), format!("{f}: native stack exhausted"));
    let (code, out, err) = stdlower(&["check", f]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains(&format!("{f}: skipped: jit: native stack exhausted")),
        "{out}"
    );
    assert!(out.contains("0 findings"), "{out}");
    // The interpreter's own limit on the other side: 300,000 calls are beyond its call
    // depth, a skip too.
    let f = dir.file("deeper.mlir", &deep(300_000));
    let (code, out, err) = stdlower(&["check", f.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("skipped:") && out.contains("call depth"),
        "{out}"
    );
}

#[test]
fn a_stack_overflow_in_both_native_paths_is_no_three_way_disagreement() {
    if !upstream_installed() {
        return;
    }
    let dir = TempDir::new("check-limits-upstream");
    let f = dir.file("deep.mlir", &deep(150_000));
    let (code, out, err) = stdlower(&["check", "--upstream", f.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(!out.contains("disagree"), "{out}");
    assert!(
        out.contains("skipped: jit: native stack exhausted"),
        "{out}"
    );
}

/// Whether `mlir-opt` 22 and `mlir-translate` 22 are installed (required under CI).
fn upstream_installed() -> bool {
    let found = harness::upstream::tools().is_ok();
    assert!(
        found || std::env::var_os("CI").is_none(),
        "no MLIR 22 tools"
    );
    found
}

#[test]
fn a_timeout_in_check_is_a_skip_and_check_takes_arguments() {
    let dir = TempDir::new("check-limits-timeout");
    // 20 million iterations: a blink for the interpreter's fuel, far more than a
    // millisecond of native code.
    let f = dir.file(
        "count.mlir",
        r#"func @main(%n: i64) -> i64 {
  %z = constant 0 : i64
  %one = constant 1 : i64
  br ^loop(%z : i64)
^loop(%i: i64):
  %j = addi %i, %one : i64
  %c = cmpi "slt", %j, %n : i64
  cond_br %c, ^loop(%j : i64), ^done
^done:
  return %j : i64
}
"#,
    );
    let f = f.to_str().unwrap();
    let (code, out, err) = stdlower(&["check", f, "--arg", "20000000", "--timeout", "0.001"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains(&format!("{f}: skipped: jit: timed out after 0.001 s")),
        "{out}"
    );
    assert!(out.contains("0 findings"), "{out}");
    let (code, out, err) = stdlower(&["check", f, "--arg", "-5"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("1 modules: 1 agree"), "{out}");
    // Without its argument the entry cannot be called: a skip that says why.
    let (code, out, err) = stdlower(&["check", f]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("takes 1 argument(s) but 0 were given with --arg"),
        "{out}"
    );
    let (code, _, err) = stdlower(&["check", f, "--timeout", "0"]);
    assert_eq!(code, Some(2), "{err}");
}

/// `funcs` functions of `ops` additions each, and `@main` calling the first: slow to
/// compile, instant to run.
fn big_module(funcs: usize, ops: usize) -> String {
    let mut s = String::new();
    for f in 0..funcs {
        s.push_str(&format!("func @f{f}(%a: i64) -> i64 {{\n"));
        let mut prev = "%a".to_string();
        for k in 0..ops {
            s.push_str(&format!("  %v{k} = addi {prev}, %a : i64\n"));
            prev = format!("%v{k}");
        }
        s.push_str(&format!("  return {prev} : i64\n}}\n"));
    }
    s.push_str("func @main() -> i64 {\n  %c = constant 1 : i64\n");
    s.push_str("  %r = call @f0(%c) : (i64) -> i64\n  return %r : i64\n}\n");
    s
}

#[test]
fn run_timeout_does_not_count_compilation() {
    let dir = TempDir::new("check-limits-compile");
    // 5.9 MB: seconds of parsing, lowering and code generation.
    let f = dir.file("big.mlir", &big_module(2000, 100));
    let t = std::time::Instant::now();
    let (code, out, err) = stdlower(&["run", f.to_str().unwrap(), "--timeout", "0.25"]);
    let took = t.elapsed();
    assert_eq!((code, out.as_str()), (Some(0), "i64 101\n"), "{err}");
    // Else this test shows nothing: the run must take well over the timeout (0.7 s on
    // an idle 2-core machine with the test profile's binaries, several seconds loaded).
    assert!(took.as_secs_f64() > 0.5, "{took:?}");
}

#[test]
fn check_reports_a_documented_upstream_bug_as_known_upstream() {
    // On a host with AVX, LLVM 22 aborts compiling this module (the documented bug);
    // elsewhere it runs and agrees. Either way it is no finding.
    let f = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/findings/llvm22-native-scalarize-i128-vector.mlir"
    );
    let (code, out, err) = stdlower(&["check", f]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(!out.contains("FINDING"), "{out}");
    let avx = std::fs::read_to_string("/proc/cpuinfo").is_ok_and(|c| c.contains(" avx "));
    if avx {
        assert!(
            out.contains("known-upstream (docs/findings/llvm22-native-scalarize-i128-vector.md)"),
            "{out}"
        );
        assert!(out.contains("0 findings, 1 known-upstream"), "{out}");
    }
}
