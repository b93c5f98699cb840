//! Campaigns over a check that fails on purpose (the check is a parameter of
//! [`crate::campaign::run_with`] and [`super::run_with`]): a panic is a finding
//! with its location and the campaign goes on; a flood of one finding is one bucket,
//! of which only the first few are reduced; a campaign stops at its `--time` even when
//! every case is a finding.

use super::{run_with as cmd_run_with, Args};
use crate::campaign::journal::{self, Entry};
use crate::campaign::{
    buckets, case_seed, generate_case, run_with, CampaignConfig, CaseChecked, DEADLINE_GRACE,
    HANG_SECONDS,
};
use crate::oracles::{CheckReport, Oracle, OracleConfig, Verdict};
use clap::Parser;
use converter::ir::Module;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "stdlower-campaign-fault-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: Args,
}

fn args(out: &Path, extra: &[&str]) -> Args {
    let mut argv = vec!["campaign", "--quiet", "--seed", "5"];
    argv.extend(extra);
    let out = out.display().to_string();
    argv.extend(["--out", &out]);
    Cli::parse_from(argv).args
}

fn report(out: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(out.join("report.json")).expect("report.json");
    serde_json::from_str(&text).expect("JSON")
}

fn journal(out: &Path) -> Vec<Entry> {
    let mut v = Vec::new();
    journal::read(&out.join("journal.jsonl"), |e| v.push(e)).expect("journal");
    v
}

/// Whether a module has a `std.addi` (the op the faulty checks below panic on).
fn has_addi(m: &Module) -> bool {
    m.funcs.iter().filter_map(|f| f.body.as_ref()).any(|b| {
        b.walk_ops()
            .any(|op| b.op(op).kind == converter::ir::OpKind::AddI)
    })
}

/// The line of the `panic!` in [`panics_on_addi`].
static PANIC_LINE: AtomicU64 = AtomicU64::new(0);

fn panics_on_addi(m: &Module, _: &OracleConfig) -> CaseChecked {
    PANIC_LINE.store(u64::from(line!()) + 2, Ordering::Relaxed);
    if has_addi(m) {
        panic!("injected: cannot lower this addi");
    }
    Ok((
        CheckReport {
            verdict: Verdict::Agree,
            ran: vec![Oracle::LlvmVerify],
        },
        Default::default(),
    ))
}

#[test]
fn a_panic_is_a_finding_with_its_location_and_the_campaign_goes_on() {
    let out = dir("panic");
    let status = cmd_run_with(
        // One job and one thread (no JIT groups, whose threads would check on while
        // the first finding is reduced): every saved finding gets its turn.
        &args(
            &out,
            &[
                "--count",
                "40",
                "--jobs",
                "1",
                "--jit-group",
                "1",
                "--reduce-seconds",
                "20",
            ],
        ),
        &panics_on_addi,
    )
    .expect("runs");
    assert_eq!(status, crate::exit::FAILED);
    let r = report(&out);
    assert_eq!(r["checked"], 40, "every case ran: {r}");
    let entries = journal(&out);
    let panicked: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.oracle == Some(crate::oracles::Oracle::Panic))
        .collect();
    assert!(!panicked.is_empty() && panicked.len() < 40, "{r}");
    let at = format!("{}:{}:", file!(), PANIC_LINE.load(Ordering::Relaxed));
    for e in &panicked {
        assert_eq!(e.verdict.as_str(), "finding");
        let reason = e.reason.as_deref().unwrap_or("");
        assert!(reason.starts_with(&format!("panicked at {at}")), "{reason}");
        assert!(
            reason.ends_with("injected: cannot lower this addi"),
            "{reason}"
        );
        assert!(e.oracles.iter().any(|o| *o == "panic"));
    }
    // The cases without an addi agreed.
    assert_eq!(r["agreed"].as_u64().unwrap() as usize, 40 - panicked.len());
    // One bucket (one location), its first three saved, reduced to (nearly) the addi.
    let buckets = r["buckets"].as_array().unwrap();
    assert_eq!(buckets.len(), 1, "{r}");
    assert_eq!(
        buckets[0]["count"].as_u64().unwrap() as usize,
        panicked.len()
    );
    assert!(buckets[0]["signature"]
        .as_str()
        .unwrap()
        .starts_with(&format!("panic: at {at}")));
    let saved = buckets[0]["reproducers"].as_array().unwrap();
    assert_eq!(saved.len(), panicked.len().min(3), "{r}");
    for s in saved {
        let file = out.join(s["file"].as_str().unwrap());
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            text.contains(&format!("FINDING [panic]: panicked at {at}")),
            "{text}"
        );
        let body: String = text.lines().filter(|l| !l.starts_with("//")).collect();
        let m = converter::syntax::parse_module("f.mlir", body.as_bytes()).expect("parses");
        assert!(has_addi(&m));
        assert!(
            crate::reduce::count_ops(&m) <= 6,
            "reduced while it panics there:\n{text}"
        );
    }
    let _ = std::fs::remove_dir_all(&out);
}

/// Every case: the same lowering failure, at another place each time (after a few
/// milliseconds, as the oracles would take: while one thread reduces, the other must
/// not run out of cases before the bucket has its three).
fn always_fails(m: &Module, _: &OracleConfig) -> CaseChecked {
    std::thread::sleep(Duration::from_millis(5));
    let verdict = Verdict::Finding {
        oracle: Oracle::LlvmVerify,
        detail: format!(
            "lowering failed: gen.mlir:{}:3: error: 'std.addi' op injected",
            m.funcs.len() * 7
        ),
    };
    Ok((
        CheckReport {
            verdict,
            ran: vec![Oracle::LlvmVerify],
        },
        Default::default(),
    ))
}

#[test]
fn a_flood_of_one_finding_is_one_bucket_of_which_three_are_saved() {
    let out = dir("flood");
    let cfg = CampaignConfig {
        count: Some(30),
        time: None,
        seed: 9,
        jobs: 2,
        out: out.clone(),
        shard: (0, 1),
        resume: false,
        every: crate::oracles::every::Every::off(),
        mlir_translate_batch: 1,
        jit_group: 1,
        progress: false,
        progress_lines: false,
        reduce_seconds: 5,
        reduce_per_bucket: buckets::REDUCE_PER_BUCKET,
        hang: Some(Duration::from_secs(HANG_SECONDS)),
        oracle: OracleConfig {
            jit: false,
            ..OracleConfig::default()
        },
    };
    let rep = run_with(&cfg, &always_fails).expect("runs");
    assert_eq!((rep.checked, rep.findings), (30, 30));
    assert_eq!(rep.buckets.len(), 1, "{:?}", rep.buckets);
    let b = &rep.buckets[0];
    assert_eq!(
        (b.signature.as_str(), b.oracle.as_str(), b.count),
        ("llvm-verify: 'std.addi'", "llvm-verify", 30)
    );
    assert_eq!(b.reproducers.len(), 3);
    assert_eq!(rep.finding_files.len(), 3, "{:?}", rep.finding_files);
    let entries = journal(&out);
    assert_eq!(entries.iter().filter(|e| e.file.is_some()).count(), 3);
    for p in &b.reproducers {
        let file = p.file.as_deref().expect("saved");
        assert!(rep.finding_files.iter().any(|f| f == file));
        let e = entries.iter().find(|e| e.case == p.case).unwrap();
        assert_eq!((e.seed, e.file.as_deref()), (p.seed, Some(file)));
    }
    assert!(entries
        .iter()
        .all(|e| e.bucket.as_deref() == Some("llvm-verify: 'std.addi'")));
    // Resumed with more cases: the bucket is full already, nothing more is saved.
    let more = CampaignConfig {
        count: Some(40),
        resume: true,
        ..cfg
    };
    let rep = run_with(&more, &always_fails).expect("resumes");
    assert_eq!(rep.buckets[0].count, 40);
    assert_eq!(rep.finding_files.len(), 3);
    let _ = std::fs::remove_dir_all(&out);
}

/// Panics, after a while, on every module of three ops or more: every candidate of a
/// reduction is slow, and there are many (one op goes at a time).
fn slow_panic(m: &Module, _: &OracleConfig) -> CaseChecked {
    std::thread::sleep(Duration::from_millis(100));
    if crate::reduce::count_ops(m) >= 3 {
        panic!("slow and wrong")
    }
    Ok((CheckReport::of(Verdict::Agree), Default::default()))
}

#[test]
fn a_flood_of_slow_findings_stops_at_the_campaign_time() {
    let out = dir("time");
    let start = Instant::now();
    let status = cmd_run_with(
        &args(
            &out,
            &["--time", "2s", "--jobs", "2", "--reduce-seconds", "60"],
        ),
        &slow_panic,
    )
    .expect("runs");
    let took = start.elapsed();
    assert_eq!(status, crate::exit::FAILED);
    assert!(
        took < Duration::from_millis(4500),
        "ran {took:?} for --time 2s"
    );
    let r = report(&out);
    assert!(r["findings"].as_u64().unwrap() >= 2, "{r}");
    assert_eq!(r["buckets"].as_array().unwrap().len(), 1, "{r}");
    let _ = std::fs::remove_dir_all(&out);
}

/// Whether [`hangs_once_on_addi`] has hung already.
static HUNG_ONCE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Busy for `d`, as a converter looping forever is (no sleep: a spinning thread).
fn spin(d: Duration) {
    let start = Instant::now();
    while start.elapsed() < d {
        std::hint::spin_loop();
    }
}

/// Hangs for 2.5 s (then answers) on the first module it sees with an `addi`, and
/// agrees on everything else.
fn hangs_once_on_addi(m: &Module, _: &OracleConfig) -> CaseChecked {
    if has_addi(m) && !HUNG_ONCE.swap(true, Ordering::Relaxed) {
        spin(Duration::from_millis(2500));
    }
    Ok((CheckReport::of(Verdict::Agree), Default::default()))
}

#[test]
fn a_case_past_the_hang_limit_is_a_finding_and_the_campaign_goes_on() {
    let out = dir("hang-once");
    let start = Instant::now();
    let status = cmd_run_with(
        // JIT groups on (the default): the abandoned thread's turn must come back, or
        // the other threads would wait for it.
        &args(
            &out,
            &["--count", "60", "--jobs", "2", "--hang-seconds", "1"],
        ),
        &hangs_once_on_addi,
    )
    .expect("runs");
    let took = start.elapsed();
    assert_eq!(status, crate::exit::FAILED);
    let r = report(&out);
    assert_eq!(r["checked"], 60, "every case is journaled once: {r}");
    assert_eq!(r["agreed"], 59, "{r}");
    let buckets = r["buckets"].as_array().unwrap();
    assert_eq!(buckets.len(), 1, "{r}");
    assert_eq!(buckets[0]["signature"], "hang: while checking the module");
    let entries = journal(&out);
    let hung: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.oracle == Some(Oracle::Hang))
        .collect();
    assert_eq!(hung.len(), 1);
    let e = hung[0];
    assert_eq!(e.seed, case_seed(5, e.case));
    let reason = e.reason.as_deref().unwrap_or("");
    assert!(
        reason.starts_with("no answer while checking the module"),
        "{reason}"
    );
    // The file holds the module that hung, as generated (it has the addi).
    let text = std::fs::read_to_string(out.join(e.file.as_deref().expect("saved"))).unwrap();
    assert!(text.contains(&format!("--seed {}", e.seed)), "{text}");
    let (_, m) = generate_case(e.seed, &OracleConfig::default());
    assert!(has_addi(&m));
    assert!(text.contains("addi"), "{text}");
    // The 2.5 s hang was given up on after 1 s; the thread came back and was ignored.
    assert!(took < Duration::from_secs(20), "{took:?}");
    let _ = std::fs::remove_dir_all(&out);
}

/// Never returns on a module with an `addi`.
fn never_returns_on_addi(m: &Module, _: &OracleConfig) -> CaseChecked {
    if has_addi(m) {
        loop {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    Ok((CheckReport::of(Verdict::Agree), Default::default()))
}

/// The environment variable that makes [`cases_that_never_return_end_the_campaign_on_time`]
/// the child: the campaign then ends its process, so it runs in one of its own.
const CHILD: &str = "STDLOWER_FAULT_TEST_CHILD";

#[test]
fn cases_that_never_return_end_the_campaign_on_time() {
    if let Ok(spec) = std::env::var(CHILD) {
        let (out, hang) = spec.split_once('|').expect("OUT|HANG");
        let status = cmd_run_with(
            &args(
                Path::new(out),
                &["--time", "3s", "--jobs", "2", "--hang-seconds", hang],
            ),
            &never_returns_on_addi,
        )
        .expect("runs");
        std::process::exit(status);
    }
    let exe = std::env::current_exe().expect("the test binary");
    // With the watchdog, each hung case is a finding; after --jobs of them (each holds a
    // core for good) the campaign stops and ends its process. Without it, the campaign
    // ends a few seconds past --time all the same.
    for (hang, want_status, want_hangs) in
        [("1", crate::exit::FAILED, 2), ("0", crate::exit::OK, 0)]
    {
        let out = dir(&format!("never-{hang}"));
        let start = Instant::now();
        let mut child = std::process::Command::new(&exe)
            .args([
                "--exact",
                "cmd::campaign::fault_tests::cases_that_never_return_end_the_campaign_on_time",
                "--nocapture",
            ])
            .env(CHILD, format!("{}|{hang}", out.display()))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("runs the child");
        let status = loop {
            if let Some(s) = child.try_wait().expect("waits") {
                break s;
            }
            if start.elapsed() > Duration::from_secs(60) {
                let _ = child.kill();
                panic!("--hang-seconds {hang}: the campaign did not end in 60 s");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let took = start.elapsed();
        assert_eq!(status.code(), Some(want_status), "--hang-seconds {hang}");
        // --time 3s, then at most the grace for the cases in flight (and start-up).
        assert!(
            took < Duration::from_secs(3) + DEADLINE_GRACE + Duration::from_secs(4),
            "--hang-seconds {hang}: {took:?}"
        );
        let r = report(&out);
        let hangs = journal(&out)
            .iter()
            .filter(|e| e.oracle == Some(Oracle::Hang))
            .count();
        // Cases already started when the campaign stopped may hang too.
        assert!(
            (want_hangs..=want_hangs + 2).contains(&hangs),
            "--hang-seconds {hang}: {r}"
        );
        assert_eq!(r["findings"].as_u64(), Some(hangs as u64), "{r}");
        let _ = std::fs::remove_dir_all(&out);
    }
}
