//! The campaign's sampling map as users set it: `--every tv=1` runs the `tv` oracle on
//! every case (the journal and report.json count it), `campaign.json` stores the map and
//! `--resume` reads it back, and an unknown name is a usage error naming the registry's
//! oracles.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("stdlower-every-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn campaign(out: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .args(["campaign", "--seed", "3", "--jobs", "2", "--quiet"])
        .args(["--reduce-seconds", "0", "--mlir-translate-every", "0"])
        .args(["--structure-every", "0", "--lower-paths-every", "0"])
        .args(extra)
        .arg("--out")
        .arg(out)
        .output()
        .expect("stdlower runs")
}

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The cases of the journal and how many of them ran `tv`.
fn tv_cases(out: &Path) -> (usize, usize) {
    let (mut all, mut tv) = (0, 0);
    harness::campaign::journal::read(&out.join("journal.jsonl"), |e| {
        all += 1;
        tv += usize::from(e.oracles.iter().any(|o| o.as_str() == "tv"));
    })
    .expect("journal reads");
    (all, tv)
}

#[test]
fn every_tv_1_runs_tv_on_every_case_and_resume_keeps_the_map() {
    let out = dir("tv");
    let o = campaign(&out, &["--count", "10", "--every", "tv=1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(json(&out.join("campaign.json"))["every"]["tv"], 1);
    // Resumed without --every: the stored map holds for the new cases too.
    let o = campaign(&out, &["--count", "20", "--resume"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let r = json(&out.join("report.json"));
    assert_eq!(r["checked"], 20);
    let agreed = r["agreed"].as_u64().unwrap() as usize;
    // tv runs once the other oracles agree on the case's own call: on every agreeing case.
    assert!(agreed >= 15, "{r}");
    assert_eq!(
        r["per_oracle"]["tv"]["checked"].as_u64(),
        Some(agreed as u64)
    );
    let (all, tv) = tv_cases(&out);
    assert_eq!((all, tv), (20, agreed));
    let _ = std::fs::remove_dir_all(&out);

    // By default tv is off; the alias and the map set one entry.
    let off = dir("off");
    let o = campaign(&off, &["--count", "4", "--llvm-level-every", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(tv_cases(&off), (4, 0));
    let stored = json(&off.join("campaign.json"));
    assert_eq!(
        (
            stored["every"]["tv"].as_u64(),
            stored["every"]["llvm-level"].as_u64()
        ),
        (Some(0), Some(2))
    );
    let _ = std::fs::remove_dir_all(&off);
}

#[test]
fn an_unknown_name_is_a_usage_error_listing_the_oracles() {
    let out = dir("bad");
    for (arg, says) in [
        ("bogus=1", "the registry's oracles are llvm-verify, "),
        (
            "interp-vs-jit=2",
            "not sampled; the sampled oracles are mlir-translate, ",
        ),
        ("tv", "expected NAME=N"),
    ] {
        let o = campaign(&out, &["--count", "1", "--every", arg]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{arg}: {err}");
        assert!(err.contains(says), "{arg}: {err}");
        assert!(!out.join("journal.jsonl").exists(), "{arg}: nothing ran");
    }
}
