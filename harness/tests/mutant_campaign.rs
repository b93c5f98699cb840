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
//!
//! Then the translation validator on the same mutant (issue 40, item 7), printed as one
//! `MUTANT-PROVE {json}` line, which never changes the test's verdict: for a killed
//! mutant, `stdlower prove` on the failing case's module (`gen --swarm --seed` of the
//! finding), which should refute it too wherever the failing function is in prove's
//! scope; for a survivor, `stdlower prove` on every corpus file, where a refutation is a
//! counterexample to keep as a killing file test and all proved is evidence of
//! equivalence. A killed mutant that prove neither refutes nor rejects on its case (the
//! oracle that killed it saw a difference of structure, sizes or robustness there) also
//! meets prove on the corpus, in a second line: a refutation there shows the mutant
//! wrong in meaning too, all proved says its difference is one prove cannot see.
//! `STDLOWER_MUTANT_PROVE=0` leaves it out.

use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
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

/// How long one `stdlower prove` may run (a mutant that loops in the lowering loops in
/// prove too) before it is killed and reported as such.
const PROVE_SECONDS: u64 = 60;

/// `stdlower prove --no-jit --json FILE` with the mutant's binary: its JSON answer, or why
/// there is none (a file the converter refuses, a crash, a timeout).
fn prove_file(file: &Path) -> Result<serde_json::Value, String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .args(["prove", "--no-jit", "--json"])
        .arg(file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start prove: {e}"))?;
    let mut stdout = child.stdout.take().expect("piped stdout");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let mut stderr = child.stderr.take().expect("piped stderr");
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if start.elapsed() > Duration::from_secs(PROVE_SECONDS) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("prove ran past {PROVE_SECONDS} s"));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => return Err(format!("prove: {e}")),
        }
    };
    let out = reader.join().unwrap_or_default();
    let err = err_reader.join().unwrap_or_default();
    serde_json::from_str(&out).map_err(|_| {
        let first = err.lines().next().unwrap_or("").trim().to_string();
        format!("prove exited with {status}: {first}")
    })
}

/// Adds one file's answer to the tally: counts, and the refuted functions (with their
/// counterexample) and validator bugs by name.
fn tally(acc: &mut serde_json::Value, file: &str, answer: Result<serde_json::Value, String>) {
    let answer = match answer {
        Ok(a) => a,
        Err(e) => {
            acc["errors"] = (acc["errors"].as_u64().unwrap_or(0) + 1).into();
            if acc["first_error"].is_null() {
                acc["first_error"] = format!("{file}: {e}").into();
            }
            return;
        }
    };
    for k in [
        "proved",
        "refuted",
        "unknown",
        "validator_bugs",
        "invalid_lowerings",
    ] {
        acc[k] = (acc[k].as_u64().unwrap_or(0) + answer[k].as_u64().unwrap_or(0)).into();
    }
    for f in answer["functions"].as_array().into_iter().flatten() {
        let verdict = f["verdict"].as_str().unwrap_or("");
        let name = f["name"].as_str().unwrap_or("");
        acc["verdicts"][name] = verdict.into();
        if verdict == "refuted" || verdict == "validator-bug" {
            let entry = serde_json::json!({
                "file": file, "function": name, "verdict": verdict,
                "args": f["args"], "reproduced": f["replay"]["reproduced"],
            });
            match acc["refutations"].as_array_mut() {
                Some(a) => a.push(entry),
                None => acc["refutations"] = serde_json::json!([entry]),
            }
        }
    }
}

/// Prints the `MUTANT-PROVE` line of a killed mutant: prove on the failing case's
/// module, regenerated from its seed.
fn prove_killed(finding: &str) {
    let v: serde_json::Value = serde_json::from_str(finding).unwrap_or_default();
    let Some(seed) = v["seed"].as_u64() else {
        println!(
            "MUTANT-PROVE {}",
            serde_json::json!({"scope": "case", "skipped": "the finding names no seed"})
        );
        return;
    };
    let file =
        std::env::temp_dir().join(format!("stdlower-mutant-{}-case.mlir", std::process::id()));
    let gen = Command::new(env!("CARGO_BIN_EXE_stdlower-full"))
        .args(["gen", "--swarm", "--seed", &seed.to_string()])
        .output();
    let start = Instant::now();
    let mut acc = serde_json::json!({"scope": "case", "seed": seed, "verdicts": {}});
    match gen {
        Ok(o) if o.status.success() => {
            let _ = std::fs::write(&file, &o.stdout);
            tally(&mut acc, "case", prove_file(&file));
            let _ = std::fs::remove_file(&file);
            // The functions the finding names (`@f` in its reason), with prove's verdict
            // on each: whether the failing function was in prove's scope.
            let reason = v["reason"].as_str().unwrap_or("");
            let mut failing = serde_json::Map::new();
            for name in reason.split('@').skip(1).map(|t| {
                t.split(|c: char| !(c.is_ascii_alphanumeric() || "_$.".contains(c)))
                    .next()
                    .unwrap_or("")
            }) {
                if let Some(verdict) = acc["verdicts"].get(name) {
                    failing.insert(name.to_string(), verdict.clone());
                }
            }
            acc["failing"] = failing.into();
        }
        _ => acc["skipped"] = "the generator did not run".into(),
    }
    acc["seconds"] = start.elapsed().as_secs_f64().into();
    println!("MUTANT-PROVE {acc}");
    let count = |k: &str| acc[k].as_u64().unwrap_or(0);
    if acc["skipped"].is_null() && count("refuted") == 0 && count("invalid_lowerings") == 0 {
        prove_corpus();
    }
}

/// Prints a `MUTANT-PROVE` line of prove on every corpus file (those the converter
/// refuses, the diagnostics, count as errors and are otherwise left out): a survivor's,
/// or a killed mutant's that its case did not show wrong to prove.
fn prove_corpus() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut files = Vec::new();
    let mut dirs = vec![corpus.clone()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "mlir") {
                files.push(p);
            }
        }
    }
    files.sort();
    let start = Instant::now();
    let mut acc = serde_json::json!({"scope": "corpus", "files": files.len(), "verdicts": {}});
    for f in &files {
        let rel = f.strip_prefix(&corpus).unwrap_or(f).display().to_string();
        tally(&mut acc, &rel, prove_file(f));
    }
    // Per-function verdicts of the whole corpus are too many for one line.
    acc.as_object_mut().map(|o| o.remove("verdicts"));
    acc["seconds"] = start.elapsed().as_secs_f64().into();
    println!("MUTANT-PROVE {acc}");
}

fn prove_wanted() -> bool {
    std::env::var("STDLOWER_MUTANT_PROVE").map_or(true, |v| v.trim() != "0")
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
        if prove_wanted() {
            prove_killed(&line);
        }
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
    if prove_wanted() {
        prove_corpus();
    }
}
