//! The campaign journal and its directory over long unattended runs (the `stdlower`
//! binary): the journal stays under 100 bytes a case; a torn last line is healed on
//! `--resume` and its case runs again; `--resume` reuses the stored parameters and
//! refuses a contradiction (exit 2); `campaign merge` refuses directories that are not
//! the distinct, complete shards of one campaign; SIGTERM and SIGINT stop a campaign
//! within seconds with its report; a progress line shows up on standard error when it
//! is not a terminal.

use harness::campaign::journal;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "stdlower-campaign-journal-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn stdlower() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_stdlower-full"));
    c.env_remove("STDLOWER_PROGRESS_SECONDS");
    c
}

/// A campaign into `out` (two jobs, no reductions, quiet), with `extra` flags.
fn campaign(out: &Path, extra: &[&str]) -> Output {
    stdlower()
        .args([
            "campaign",
            "--jobs",
            "2",
            "--quiet",
            "--reduce-seconds",
            "0",
        ])
        .args(extra)
        .arg("--out")
        .arg(out)
        .output()
        .expect("stdlower runs")
}

fn report(out: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(out.join("report.json")).expect("report.json");
    serde_json::from_str(&text).expect("report.json is JSON")
}

/// The case numbers of the journal, in order.
fn cases(out: &Path) -> Vec<u64> {
    let mut v = Vec::new();
    journal::read(&out.join("journal.jsonl"), |e| v.push(e.case)).expect("journal reads");
    v
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The report's totals, without timings and paths.
fn totals(r: &serde_json::Value) -> String {
    [
        "checked",
        "agreed",
        "findings",
        "skipped",
        "known_upstream",
        "per_oracle",
        "per_feature",
        "skipped_reasons",
    ]
    .iter()
    .map(|k| format!("{k}={}", r[k]))
    .collect::<Vec<_>>()
    .join(" ")
}

#[test]
fn the_journal_takes_under_100_bytes_a_case() {
    let out = dir("compact");
    let o = campaign(&out, &["--count", "300", "--seed", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::metadata(out.join("journal.jsonl")).unwrap().len();
    let n = cases(&out).len() as u64;
    assert_eq!(n, 300);
    assert!(
        bytes / n < 100,
        "{bytes} bytes for {n} cases: {} a case",
        bytes / n
    );
    // Every case's features still count in the report.
    let r = report(&out);
    assert!(r["per_feature"]["constant"].as_u64().unwrap() > 0, "{r}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn a_torn_last_line_is_cut_off_on_resume_and_its_case_runs_again() {
    let out = dir("torn");
    let o = campaign(&out, &["--count", "60", "--seed", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let whole = report(&out);
    // The disk filled up in the middle of the last line.
    let p = out.join("journal.jsonl");
    let text = std::fs::read_to_string(&p).unwrap();
    let torn = &text[..text.len() - 6];
    std::fs::write(&p, torn).unwrap();
    assert_eq!(cases(&out).len(), 59);
    let o = campaign(&out, &["--resume"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("last line was torn"),
        "says so: {}",
        stderr(&o)
    );
    let mut got = cases(&out);
    got.sort();
    assert_eq!(got, (0..60).collect::<Vec<u64>>());
    assert_eq!(totals(&report(&out)), totals(&whole));
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn resume_reuses_the_parameters_and_refuses_a_contradiction() {
    let out = dir("params");
    let o = campaign(&out, &["--count", "20", "--seed", "5", "--shard", "1/2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    for (flags, named) in [
        (&["--seed", "6"][..], "--seed 6"),
        (&["--shard", "0/2"][..], "--shard 0/2"),
        (&["--time", "5s"][..], "--time 5s contradicts"),
        (&["--count", "10"][..], "--count 10"),
        (
            &["--mlir-translate-every", "3"][..],
            "--every mlir-translate=3 contradicts",
        ),
        (&["--every", "tv=2"][..], "--every tv=2 contradicts"),
        (&["--use-aligned-alloc"][..], "--use-aligned-alloc"),
    ] {
        let mut argv = vec!["--resume"];
        argv.extend(flags);
        let o = campaign(&out, &argv);
        assert_eq!(o.status.code(), Some(2), "{flags:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(named), "{flags:?}: {}", stderr(&o));
    }
    assert_eq!(cases(&out).len(), 10, "nothing ran");
    // Given nothing, the stored parameters hold; a larger --count extends the campaign.
    let o = campaign(&out, &["--resume", "--count", "40"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let r = report(&out);
    assert_eq!(
        (r["seed"].as_u64(), r["shard"].as_str()),
        (Some(5), Some("1/2"))
    );
    let mut got = cases(&out);
    got.sort();
    assert_eq!(got, (0..40).filter(|i| i % 2 == 1).collect::<Vec<u64>>());
    let _ = std::fs::remove_dir_all(&out);
}

fn merge(dirs: &[&PathBuf]) -> Output {
    stdlower()
        .args(["campaign", "merge"])
        .args(dirs)
        .output()
        .expect("stdlower runs")
}

#[test]
fn merge_takes_only_the_complete_distinct_shards_of_one_campaign() {
    let whole = dir("merge-whole");
    assert!(campaign(&whole, &["--count", "45", "--seed", "8"])
        .status
        .success());
    let shard = |i: u64, seed: &str| {
        let d = dir(&format!("merge-{i}-{seed}"));
        let s = format!("{i}/3");
        let o = campaign(&d, &["--count", "45", "--seed", seed, "--shard", &s]);
        assert!(o.status.success(), "{}", stderr(&o));
        d
    };
    let (s0, s1, s2) = (shard(0, "8"), shard(1, "8"), shard(2, "8"));
    let o = merge(&[&s0, &s1, &s2]);
    assert!(o.status.success(), "{}", stderr(&o));
    let merged: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(totals(&merged), totals(&report(&whole)));

    let o = merge(&[&s0, &s2]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("shard 1/3 missing"), "{}", stderr(&o));

    let other = shard(1, "9");
    let o = merge(&[&s0, &other, &s2]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("--seed 8 and --seed 9 differ"),
        "{}",
        stderr(&o)
    );

    let o = merge(&[&s0, &s0, &s1, &s2]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("both shard 0/3"), "{}", stderr(&o));

    // A directory that says it is shard 1/3 but holds the cases of shard 0/3.
    let fake = dir("merge-fake");
    std::fs::create_dir_all(&fake).unwrap();
    std::fs::copy(s0.join("journal.jsonl"), fake.join("journal.jsonl")).unwrap();
    let params = std::fs::read_to_string(s0.join("campaign.json")).unwrap();
    let params = params.replace("\"0/3\"", "\"1/3\"");
    std::fs::write(fake.join("campaign.json"), params).unwrap();
    let o = merge(&[&s0, &fake, &s2]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("the shards overlap"), "{}", stderr(&o));

    for d in [whole, s0, s1, s2, other, fake] {
        let _ = std::fs::remove_dir_all(d);
    }
}

/// Sends `signal` to a campaign once it has journaled some cases; checks that it stops
/// within seconds with a report of every case journaled.
fn stopped_by(signal: i32, name: &str) {
    let out = dir(name);
    let mut child = stdlower()
        .args(["campaign", "--time", "10m", "--jobs", "2", "--quiet"])
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while std::fs::read_to_string(out.join("journal.jsonl"))
        .map_or(0, |s| s.matches("\"c\":").count())
        < 20
        && t.elapsed() < Duration::from_secs(120)
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: a plain kill(2) of our own child.
    unsafe {
        libc::kill(child.id() as libc::pid_t, signal);
    }
    let sent = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if sent.elapsed() > Duration::from_secs(15) {
            let _ = child.kill();
            panic!("{name}: still running 15 s after the signal");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let o = child.wait_with_output().unwrap();
    assert_eq!(status.code(), Some(128 + signal), "{}", stderr(&o));
    let r = report(&out);
    assert_eq!(r["interrupted"], true, "{r}");
    assert_eq!(r["checked"].as_u64().unwrap(), cases(&out).len() as u64);
    assert!(r["checked"].as_u64().unwrap() >= 20, "{r}");
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("(interrupted)"), "the summary: {stdout}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn sigterm_stops_a_campaign_with_its_report() {
    stopped_by(libc::SIGTERM, "sigterm");
}

#[test]
fn sigint_stops_a_campaign_with_its_report() {
    stopped_by(libc::SIGINT, "sigint");
}

#[test]
fn progress_lines_show_without_a_terminal() {
    let out = dir("progress");
    let o = stdlower()
        .env("STDLOWER_PROGRESS_SECONDS", "0.5")
        .args(["campaign", "--time", "3s", "--jobs", "2"])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<String> = stderr(&o)
        .lines()
        .filter(|l| l.starts_with("campaign: "))
        .map(String::from)
        .collect();
    assert!(lines.len() >= 3, "{}", stderr(&o));
    for l in &lines {
        assert!(l.contains(" cases, ") && l.contains(" findings, "), "{l}");
        assert!(l.contains("/s, ") && l.ends_with(" s of 3 s"), "{l}");
    }
    let _ = std::fs::remove_dir_all(&out);
}
