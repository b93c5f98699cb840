//! The test command of `scripts/mutants.sh`: a campaign with the oracles alone (no file
//! tests, no unit tests), as cargo-mutants runs it against each mutant of the lowering.
//! The mutant is killed when the campaign finds anything (a converter that loops forever
//! is a finding of oracle `hang`), or crashes, or runs past its `--time` by more than a
//! few seconds; it survives when the whole campaign agrees.
//!
//! Ignored in `cargo test`: it runs for `STDLOWER_MUTANT_SECONDS` (default 60) and is
//! only meaningful against a deliberately broken converter. `scripts/mutants.sh` runs it
//! with `--ignored`. The campaign is stopped at its first finding (the journal shows it
//! as soon as the case ends), so a killed mutant costs seconds, not the whole budget;
//! the finding and its time are printed, and `scripts/mutants.sh` reads them from
//! cargo-mutants' per-mutant log (`MUTANT-FIRST-FINDING` lines).

use std::io::{BufRead, BufReader, Seek, SeekFrom};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How far past its `--time` a campaign may run (the cases under way finish or are left,
/// the report is written: `campaign::DEADLINE_GRACE`) before it counts as hung.
const OVERRUN_SECONDS: u64 = 10;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// Journal lines that are not agreements (findings; a skip is not a kill).
fn is_finding(line: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(line)
        .map(|v| v["verdict"].as_str() == Some("finding"))
        .unwrap_or(false)
}

#[test]
#[ignore = "run by scripts/mutants.sh against mutants of the lowering"]
fn campaign_finds_nothing() {
    let seconds = env_u64("STDLOWER_MUTANT_SECONDS", 60);
    let seed = env_u64("STDLOWER_MUTANT_SEED", 20261124);
    let jobs = env_u64("STDLOWER_MUTANT_JOBS", 2);
    let out: PathBuf = std::env::temp_dir().join(format!("stdlower-mutant-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let stderr_path = out.with_extension("stderr");
    let stderr_file = std::fs::File::create(&stderr_path).expect("create the stderr file");
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .args(["campaign", "--time", &format!("{seconds}s")])
        .args(["--seed", &seed.to_string(), "--jobs", &jobs.to_string()])
        .args(["--quiet", "--reduce-seconds", "0"])
        .arg("--out")
        .arg(&out)
        .stdout(Stdio::null())
        .stderr(stderr_file)
        .spawn()
        .expect("start the campaign");
    let journal = out.join("journal.jsonl");
    let mut read_upto = 0u64;
    let mut finding: Option<String> = None;
    let status = loop {
        if let Ok(mut f) = std::fs::File::open(&journal) {
            if f.seek(SeekFrom::Start(read_upto)).is_ok() {
                let mut r = BufReader::new(f);
                let mut line = String::new();
                while r.read_line(&mut line).unwrap_or(0) > 0 {
                    if !line.ends_with('\n') {
                        break; // a line still being written: read it next time
                    }
                    read_upto += line.len() as u64;
                    if finding.is_none() && is_finding(&line) {
                        finding = Some(line.trim_end().to_string());
                    }
                    line.clear();
                }
            }
        }
        if finding.is_some() {
            let _ = child.kill();
            break child.wait().ok();
        }
        if start.elapsed() > Duration::from_secs(seconds + OVERRUN_SECONDS) {
            let _ = child.kill();
            let _ = child.wait();
            println!(
                "MUTANT-FIRST-FINDING {:.1} s: the campaign ran past its --time {seconds}s",
                start.elapsed().as_secs_f64()
            );
            panic!("the campaign ran past its --time {seconds}s by {OVERRUN_SECONDS} s");
        }
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) => std::thread::sleep(Duration::from_millis(100)),
            Err(_) => break None,
        }
    };
    let elapsed = start.elapsed().as_secs_f64();
    let stderr = std::fs::read_to_string(&stderr_path).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&out);
    let _ = std::fs::remove_file(&stderr_path);
    if let Some(line) = finding {
        println!("MUTANT-FIRST-FINDING {elapsed:.1} s: {line}");
        panic!("the campaign found something after {elapsed:.1} s");
    }
    let status = status.expect("the campaign's exit status");
    if !status.success() {
        let tail: String = stderr
            .lines()
            .rev()
            .take(20)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join("\n");
        println!("MUTANT-FIRST-FINDING {elapsed:.1} s: campaign exit status {status}: {tail}");
        panic!("the campaign exited with {status} after {elapsed:.1} s");
    }
}
