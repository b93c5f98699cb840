//! Campaigns as users run them (the `stdlower` binary, two jobs): the `mlir-translate`
//! batch size changes how many processes run, never a case's outcome; and a campaign
//! killed with SIGKILL midway, then resumed, journals the same cases with the same
//! outcomes as an uninterrupted run (cases waiting for their batch when it was killed
//! run again).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const COUNT: u64 = 400;
const EVERY: u64 = 4;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("stdlower-campaign-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn campaign(out: &Path, batch: u64, resume: bool) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_stdlower-full"));
    c.args([
        "campaign",
        "--count",
        &COUNT.to_string(),
        "--seed",
        "77",
        "--jobs",
        "2",
    ])
    .args(["--quiet", "--reduce-seconds", "0"])
    .args(["--mlir-translate-every", &EVERY.to_string()])
    .args(["--mlir-translate-batch", &batch.to_string()])
    .arg("--out")
    .arg(out)
    .stdout(Stdio::null());
    if resume {
        c.arg("--resume");
    }
    c
}

/// What a case came to: verdict, reason, oracles run, features (not its timings).
type Outcomes = BTreeMap<u64, (String, String, String, String)>;

fn outcomes(out: &Path) -> Outcomes {
    let mut m = Outcomes::new();
    harness::campaign::journal::read(&out.join("journal.jsonl"), |mut e| {
        // The journal keeps sets: their order is its own.
        e.oracles.sort();
        e.features.sort();
        m.insert(
            e.case,
            (
                e.verdict.to_string(),
                format!("{:?}", e.reason),
                format!("{:?}", e.oracles),
                format!("{:?}", e.features),
            ),
        );
    })
    .expect("the journal reads");
    m
}

/// The journal's case times (`at_s`), in journal order.
fn case_times(out: &Path) -> Vec<f64> {
    let mut v = Vec::new();
    harness::campaign::journal::read(&out.join("journal.jsonl"), |e| v.push(e.at_s))
        .expect("the journal reads");
    v
}

fn report(out: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(out.join("report.json")).expect("report.json");
    serde_json::from_str(&text).expect("report.json is JSON")
}

/// The report's totals, without timings.
fn totals(r: &serde_json::Value) -> String {
    [
        "checked",
        "agreed",
        "findings",
        "skipped",
        "known_upstream",
        "per_oracle",
        "per_feature",
    ]
    .iter()
    .map(|k| format!("{k}={}", r[k]))
    .collect::<Vec<_>>()
    .join(" ")
}

#[test]
fn batching_and_sigkill_then_resume_change_no_outcome() {
    if harness::mlir_translate::tool_path().is_none() {
        eprintln!("mlir-translate 22 not installed: skipped");
        return;
    }
    let alone = dir("alone");
    assert!(campaign(&alone, 1, false).status().unwrap().success());
    let batched = dir("batched");
    assert!(campaign(&batched, 7, false).status().unwrap().success());
    let want = outcomes(&alone);
    assert_eq!(want.len() as u64, COUNT);
    assert_eq!(outcomes(&batched), want);
    let r = report(&batched);
    assert_eq!(totals(&r), totals(&report(&alone)));
    assert_eq!(r["per_oracle"]["mlir-translate"]["checked"], COUNT / EVERY);

    // Killed once a few cases are journaled, well before the end.
    let killed = dir("killed");
    let mut child = campaign(&killed, 7, false).spawn().unwrap();
    let t = Instant::now();
    while outcomes(&killed).len() < 40 && t.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL
    let _ = child.wait();
    let at_kill = outcomes(&killed).len() as u64;
    assert!(at_kill < COUNT, "the campaign ended before it was killed");
    let latest_before_kill = case_times(&killed).into_iter().fold(0.0, f64::max);
    let status = campaign(&killed, 7, true).status().unwrap();
    assert!(status.success());
    assert_eq!(outcomes(&killed), want, "killed at {at_kill} cases");
    assert_eq!(totals(&report(&killed)), totals(&r));
    // Campaign time runs on across the resume: the resumed cases come after the ones
    // journaled before the kill, and the report's seconds cover both runs.
    let resumed = report(&killed);
    let times = case_times(&killed);
    let seconds = resumed["seconds"].as_f64().unwrap();
    assert!(times
        .iter()
        .skip(at_kill as usize)
        .all(|&t| t >= latest_before_kill));
    assert!(seconds >= times.into_iter().fold(0.0, f64::max));
    assert!(seconds > latest_before_kill);
    for d in [alone, batched, killed] {
        let _ = std::fs::remove_dir_all(d);
    }
}
