//! scripts/nightly.sh and `stdlower nightly`: a small budget never hands
//! libFuzzer `-max_total_time=0` (no limit); the file tests run each file once; the
//! night's report adds up (known-upstream cases included), names a failing file test
//! and prints durations for people.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Whether `tool` runs; when it does not, the test is skipped, but fails under CI.
fn have(tool: &str) -> bool {
    let ok = Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "{tool} is needed under CI"
        );
        eprintln!("{tool} not installed: skipped");
    }
    ok
}

fn plan(budget: &str) -> String {
    let o = Command::new("bash")
        .arg(root().join("scripts/nightly.sh"))
        .args(["--plan", "--budget", budget])
        .env("STDLOWER", env!("CARGO_BIN_EXE_stdlower-full"))
        .current_dir(root())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_small_budget_never_fuzzes_without_a_limit() {
    if !have("bash") {
        return;
    }
    for budget in ["1s", "9s", "9.9s"] {
        let p = plan(budget);
        assert!(!p.contains("max_total_time=0"), "{budget}: {p}");
        assert!(p.contains("fuzz: skipped"), "{budget}: {p}");
    }
    for (budget, slice) in [("10s", 1), ("2m", 12), ("1h", 360)] {
        let p = plan(budget);
        assert!(
            p.contains(&format!("-max_total_time={slice}\n")),
            "{budget}: {p}"
        );
    }
}

#[test]
fn the_nightly_file_tests_run_each_file_once() {
    if !have("bash") {
        return;
    }
    let p = plan("1h");
    let line = p
        .lines()
        .find_map(|l| l.strip_prefix("file tests: "))
        .expect("the file-test command");
    let paths: Vec<String> = line
        .split_whitespace()
        .skip_while(|w| *w != "test")
        .skip(1)
        .map(|w| root().join(w).display().to_string())
        .collect();
    let files = harness::filetest::discover(&paths);
    let mut unique = files.clone();
    unique.dedup();
    assert_eq!(files.len(), unique.len(), "{line}: a file runs twice");
    assert!(files
        .iter()
        .any(|f| f.to_string_lossy().contains("corpus/regressions/")));
}

#[test]
fn the_nightly_report_adds_up_and_names_a_failing_file() {
    let out = std::env::temp_dir().join(format!("stdlower-nightly-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(out.join("campaign")).unwrap();
    let report = serde_json::json!({
        "checked": 10, "agreed": 6, "findings": 1, "known_upstream": 2, "skipped": 1,
        "seconds": 36.112495406, "checks_per_second": 0.2769123, "generator_bugs": 0,
        "known_upstream_by_doc": {"docs/findings/llvm-x.md": 2},
        "finding_files": ["findings/case3-llvm-verify.mlir"],
        "buckets": [{"signature": "llvm-verify: 'std.addi'", "count": 1}],
    });
    std::fs::write(out.join("campaign/report.json"), report.to_string()).unwrap();
    std::fs::write(
        out.join("regressions.txt"),
        "FAIL corpus/regressions/broken.mlir\n  corpus/regressions/broken.mlir: unexpected error\n\
         2 file tests, 1 passed, 1 failed (3 checks)\n",
    )
    .unwrap();
    std::fs::create_dir_all(out.join("fuzz-parse")).unwrap();
    std::fs::write(out.join("fuzz-parse/crash-1"), "x").unwrap();
    std::fs::write(
        out.join("fuzz-parse.txt"),
        "#2\tINITED cov: 3 exec/s: 0\n#4096\tpulse  cov: 9 exec/s: 2048\n#5000\tDONE   cov: 9 exec/s: 2100\n",
    )
    .unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .args(["nightly", "report"])
        .arg(&out)
        .args(["--status", "1"])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let txt = std::fs::read_to_string(out.join("nightly.txt")).unwrap();
    assert!(
        txt.contains(
            "campaign: 10 checked: 6 agreed, 1 findings, 2 known-upstream, 1 skipped in 36.1 s\n"
        ),
        "{txt}"
    );
    assert!(!txt.contains("36.11"), "{txt}");
    assert!(
        txt.starts_with("stdlower nightly stdlower-nightly-"),
        "{txt}"
    );
    assert!(txt.contains(": FINDINGS\n"), "{txt}");
    assert_eq!(String::from_utf8_lossy(&o.stdout), txt);
    assert!(
        txt.contains("fuzz parse: 5000 runs, 2100 exec/s, 1 crashes\n"),
        "{txt}"
    );
    assert!(!txt.contains("fuzz lowering"), "{txt}");
    let art = out.join("fuzz-parse/crash-1").display().to_string();
    assert!(
        txt.contains(&format!(
            "fuzz finding: {art} (replay: cargo fuzz run --fuzz-dir fuzz --sanitizer none parse {art})\n"
        )),
        "{txt}"
    );
    assert!(
        txt.contains("findings: 1 x llvm-verify: 'std.addi'\n"),
        "{txt}"
    );
    assert!(
        txt.contains("file test failed: corpus/regressions/broken.mlir\n"),
        "{txt}"
    );
    assert!(
        txt.contains("known upstream: 2 x docs/findings/llvm-x.md\n"),
        "{txt}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("nightly.json")).unwrap()).unwrap();
    let c = &json["campaign"];
    let sum: u64 = ["agreed", "findings", "known_upstream", "skipped"]
        .iter()
        .map(|k| c[k].as_u64().unwrap())
        .sum();
    assert_eq!(sum, c["checked"].as_u64().unwrap(), "{json}");
    assert_eq!(c["seconds"], 36.1);
    assert_eq!(c["checks_per_second"], 0.3);
    assert_eq!(json["ok"], false);
    assert_eq!(json["fuzz"]["parse"]["crashes"], 1);
    assert_eq!(
        json["file_tests_failed"][0],
        "corpus/regressions/broken.mlir"
    );
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn a_bad_budget_is_a_usage_error() {
    if !have("bash") {
        return;
    }
    for budget in ["0", "soon", "-5s"] {
        let o = Command::new("bash")
            .arg(root().join("scripts/nightly.sh"))
            .args(["--plan", "--budget", budget])
            .env("STDLOWER", env!("CARGO_BIN_EXE_stdlower-full"))
            .current_dir(root())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{budget}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(&format!("nightly: bad --budget '{budget}'")),
            "{err}"
        );
    }
}
