//! `stdlower nightly seconds DURATION` and `stdlower nightly report OUT --status N`: what
//! `scripts/nightly.sh` computes besides running the steps. `seconds` turns the
//! `--budget` into whole seconds (the durations every flag takes, `values::duration`);
//! `report` summarizes the night's directory (the campaign's `report.json`, the fuzz
//! targets' libFuzzer logs and artifacts, `regressions.txt`, `mutants/report.json`, the rule proofs' `prove-rules.json`)
//! into `nightly.json` and `nightly.txt`, and prints `nightly.txt`. The campaign's
//! totals add up: checked = agreed + findings + known-upstream + skipped.

use crate::exit;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    #[command(subcommand)]
    pub action: Action,
}

#[derive(clap::Subcommand, Debug, Clone)]
pub enum Action {
    /// Print a duration (`90`, `9.9s`, `2m`, `1h30m`) in whole seconds, rounded down.
    Seconds {
        #[arg(value_parser = crate::cmd::values::duration)]
        duration: Duration,
    },
    /// Write OUT/nightly.json and OUT/nightly.txt from the night's outputs and print
    /// nightly.txt.
    Report {
        /// The night's directory (`out/nightly/DATE`).
        out: PathBuf,
        /// The night's exit status so far (0: nothing found).
        #[arg(long)]
        status: i32,
    },
}

/// The libFuzzer targets the nightly runs.
const FUZZ_TARGETS: [&str; 2] = ["lowering", "parse"];

pub fn run(args: &Args) -> Result<i32, crate::cli_error::CliError> {
    match &args.action {
        Action::Seconds { duration } => {
            let mut out = crate::process::output::Out::new();
            out.line(&duration.as_secs().to_string());
            Ok(out.finish_with(exit::OK))
        }
        Action::Report { out, status } => {
            let txt = report(out, *status)
                .map_err(|e| crate::cli_error::CliError::Unfinished(e.into()))?;
            let mut o = crate::process::output::Out::new();
            o.print(&txt);
            Ok(o.finish_with(exit::OK))
        }
    }
}

/// A duration for people: `36.1 s`, `12 min 5 s`, `2 h 3 min`, `?` when unknown.
pub fn for_people(x: &Value) -> String {
    let Some(x) = x.as_f64() else {
        return "?".into();
    };
    if x < 60.0 {
        return format!("{x:.1} s");
    }
    let total = x.round() as u64;
    let (m, s) = (total / 60, total % 60);
    if m < 60 {
        return format!("{m} min {s} s");
    }
    format!("{} h {} min", m / 60, m % 60)
}

/// A JSON value as the report's text shows it (numbers and strings bare, null `None`).
fn shown(v: &Value) -> String {
    match v {
        Value::Null => "None".into(),
        Value::String(s) => s.clone(),
        Value::Bool(b) => if *b { "True" } else { "False" }.into(),
        v => v.to_string(),
    }
}

fn round1(v: &Value) -> Value {
    v.as_f64()
        .map_or(Value::Null, |x| json!((x * 10.0).round() / 10.0))
}

/// Why the night's report could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// A report of the night (the campaign's, cargo-mutants') is not JSON.
    #[error("{}: {source}", path.display())]
    BadJson {
        path: std::path::PathBuf,
        source: serde_json::Error,
    },
    #[error("{0}")]
    Serialize(serde_json::Error),
    #[error("{}: {source}", path.display())]
    Write {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
}

fn read_json(p: &Path) -> Result<Option<Value>, ReportError> {
    match std::fs::read_to_string(p) {
        Ok(t) => serde_json::from_str(&t)
            .map(Some)
            .map_err(|source| ReportError::BadJson {
                path: p.to_path_buf(),
                source,
            }),
        Err(_) => Ok(None),
    }
}

/// Writes `text` to `path`.
fn write(path: std::path::PathBuf, text: &str) -> Result<(), ReportError> {
    std::fs::write(&path, text).map_err(|source| ReportError::Write { path, source })
}

/// The last number `N` of a libFuzzer status line `#N <TAB> DONE|pulse|NEW|REDUCE`.
fn last_runs(log: &str) -> u64 {
    let mut last = 0;
    for (i, _) in log.match_indices('#') {
        let rest = &log[i + 1..];
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            continue;
        }
        let after = &rest[digits..];
        let word = after.trim_start();
        if word.len() == after.len() {
            continue;
        }
        if ["DONE", "pulse", "NEW", "REDUCE"]
            .iter()
            .any(|w| word.starts_with(w))
        {
            last = rest[..digits].parse().unwrap_or(last);
        }
    }
    last
}

/// The last `exec/s: N` of a libFuzzer log.
fn last_exec_per_s(log: &str) -> u64 {
    log.match_indices("exec/s: ")
        .filter_map(|(i, m)| {
            let rest = &log[i + m.len()..];
            let end = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            rest[..end].parse().ok()
        })
        .last()
        .unwrap_or(0)
}

/// Each fuzz target that ran (its `fuzz-T/` artifact directory exists): runs, exec/s,
/// crashes and the artifacts' paths.
fn fuzz_summary(out: &Path) -> Map<String, Value> {
    let mut m = Map::new();
    for t in FUZZ_TARGETS {
        let dir = out.join(format!("fuzz-{t}"));
        if !dir.is_dir() {
            continue;
        }
        let log = std::fs::read(out.join(format!("fuzz-{t}.txt")))
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default();
        let mut arts: Vec<String> = std::fs::read_dir(&dir)
            .map(|rd| {
                rd.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        arts.sort();
        let paths: Vec<String> = arts
            .iter()
            .map(|a| dir.join(a).display().to_string())
            .collect();
        m.insert(
            t.into(),
            json!({
                "runs": last_runs(&log),
                "exec_per_s": last_exec_per_s(&log),
                "crashes": arts.len(),
                "artifacts": paths,
            }),
        );
    }
    m
}

/// Writes `nightly.json` and `nightly.txt` into `out`; the text.
pub fn report(out: &Path, status: i32) -> Result<String, ReportError> {
    let rep = read_json(&out.join("campaign/report.json"))?;
    let r = rep.clone().unwrap_or(json!({}));
    let tests: Vec<String> = std::fs::read(out.join("regressions.txt"))
        .map(|b| {
            String::from_utf8_lossy(&b)
                .trim()
                .lines()
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let failed: Vec<String> = tests
        .iter()
        .filter_map(|l| l.strip_prefix("FAIL ").map(|p| p.trim().to_string()))
        .collect();
    let mut campaign = Map::new();
    for k in [
        "checked",
        "agreed",
        "findings",
        "known_upstream",
        "skipped",
        "checks_per_second",
        "generator_bugs",
        "interrupted",
    ] {
        campaign.insert(k.into(), r.get(k).cloned().unwrap_or(Value::Null));
    }
    campaign.insert(
        "checks_per_second".into(),
        round1(&campaign["checks_per_second"]),
    );
    campaign.insert(
        "seconds".into(),
        round1(r.get("seconds").unwrap_or(&Value::Null)),
    );
    let buckets: Vec<Value> = r
        .get("buckets")
        .and_then(Value::as_array)
        .map(|bs| {
            bs.iter()
                .map(|b| json!({"signature": b["signature"], "count": b["count"]}))
                .collect()
        })
        .unwrap_or_default();
    let findings = r.get("finding_files").cloned().unwrap_or(json!([]));
    let known = r.get("known_upstream_by_doc").cloned().unwrap_or(json!({}));
    let fuzz = fuzz_summary(out);
    let date = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut summary = json!({
        "date": date,
        "ok": status == 0,
        "campaign": campaign,
        "campaign_findings": findings,
        "campaign_buckets": buckets,
        "campaign_known_upstream": known,
        "fuzz": fuzz,
        "file_tests": tests.last().cloned().unwrap_or_default(),
        "file_tests_failed": failed,
    });
    let mutants = read_json(&out.join("mutants/report.json"))?.map(|m| {
        let mut o = Map::new();
        for k in [
            "mutants",
            "killed",
            "timeout",
            "survived",
            "unviable",
            "score",
            "unclassified",
        ] {
            o.insert(k.into(), m.get(k).cloned().unwrap_or(Value::Null));
        }
        Value::Object(o)
    });
    if let Some(m) = &mutants {
        summary["mutants"] = m.clone();
    }
    let rules = read_json(&out.join("prove-rules.json"))?.map(|p| rule_proofs(&p));
    if let Some(r) = &rules {
        summary["rule_proofs"] = r.clone();
    }
    let pretty = serde_json::to_string_pretty(&summary).map_err(ReportError::Serialize)?;
    write(out.join("nightly.json"), &pretty)?;

    let mut f = String::new();
    let verdict = if status == 0 { "OK" } else { "FINDINGS" };
    f += &format!("stdlower nightly {date}: {verdict}\n");
    let c = &summary["campaign"];
    if rep
        .as_ref()
        .is_some_and(|r| r.as_object().is_some_and(|o| !o.is_empty()))
    {
        f += &format!(
            "campaign: {} checked: {} agreed, {} findings, {} known-upstream, {} skipped in {}{}\n",
            shown(&c["checked"]),
            shown(&c["agreed"]),
            shown(&c["findings"]),
            shown(&c["known_upstream"]),
            shown(&c["skipped"]),
            for_people(&c["seconds"]),
            if c["interrupted"].as_bool() == Some(true) {
                " (interrupted)"
            } else {
                ""
            }
        );
    } else {
        f += "campaign: no report (see campaign.txt)\n";
    }
    for (t, v) in &fuzz {
        f += &format!(
            "fuzz {t}: {} runs, {} exec/s, {} crashes\n",
            v["runs"], v["exec_per_s"], v["crashes"]
        );
        for a in v["artifacts"].as_array().into_iter().flatten() {
            let a = shown(a);
            f += &format!(
                "fuzz finding: {a} (replay: cargo fuzz run --fuzz-dir fuzz --sanitizer none {t} {a})\n"
            );
        }
    }
    f += &format!("file tests: {}\n", shown(&summary["file_tests"]));
    for x in &failed {
        f += &format!("file test failed: {x}\n");
    }
    if let Some(mu) = &mutants {
        let unclassified = mu["unclassified"].as_array().map_or(0, Vec::len);
        f += &format!(
            "mutants: {} checked, {} killed, {} timed out, {} survived ({unclassified} not in docs/oracle-strength.md), {} unviable\n",
            shown(&mu["mutants"]),
            shown(&mu["killed"]),
            shown(&mu["timeout"]),
            shown(&mu["survived"]),
            shown(&mu["unviable"])
        );
    }
    if let Some(r) = &rules {
        f += &format!(
            "rule proofs: {} proved, {} refuted, {} unknown\n",
            shown(&r["proved"]),
            shown(&r["refuted"]),
            shown(&r["unknown"])
        );
        for x in r["refuted_rules"].as_array().into_iter().flatten() {
            f += &format!("rule refuted: {}\n", shown(x));
        }
    }
    if let Some(k) = summary["campaign_known_upstream"].as_object() {
        for (doc, n) in k {
            f += &format!("known upstream: {} x {doc}\n", shown(n));
        }
    }
    for b in summary["campaign_buckets"].as_array().into_iter().flatten() {
        f += &format!(
            "findings: {} x {}\n",
            shown(&b["count"]),
            shown(&b["signature"])
        );
    }
    for x in summary["campaign_findings"]
        .as_array()
        .into_iter()
        .flatten()
    {
        f += &format!("finding: {}/campaign/{}\n", out.display(), shown(x));
    }
    write(out.join("nightly.txt"), &f)?;
    Ok(f)
}

/// The night's rule proofs (`prove --rules --json`, its `functions`: one per rule x
/// instance, each with its `verdict`): how many were proved, refuted and unknown, and
/// the names of the refuted ones.
fn rule_proofs(p: &Value) -> Value {
    let rows = p["functions"].as_array().cloned().unwrap_or_default();
    let count = |v: &str| rows.iter().filter(|r| r["verdict"] == v).count();
    let refuted: Vec<Value> = rows
        .iter()
        .filter(|r| r["verdict"] == "refuted")
        .map(|r| r["name"].clone())
        .collect();
    json!({
        "instances": rows.len(),
        "proved": count("proved"),
        "refuted": count("refuted"),
        "unknown": count("unknown"),
        "refuted_rules": refuted,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_proofs_are_counted_and_refuted_rules_named() {
        let p = json!({"functions": [
            {"name": "addi i1", "verdict": "proved"},
            {"name": "zexti i8 i16", "verdict": "refuted", "args": "i8 -1"},
            {"name": "extract_element", "verdict": "unknown"},
            {"name": "addi i2", "verdict": "proved"},
        ]});
        let r = rule_proofs(&p);
        assert_eq!(r["instances"], 4);
        assert_eq!(
            (
                r["proved"].clone(),
                r["refuted"].clone(),
                r["unknown"].clone()
            ),
            (json!(2), json!(1), json!(1))
        );
        assert_eq!(r["refuted_rules"], json!(["zexti i8 i16"]));
        let dir = std::env::temp_dir().join(format!("stdlower-rules-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("prove-rules.json"), p.to_string()).unwrap();
        let text = report(&dir, 1).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(
            text.contains("rule proofs: 2 proved, 1 refuted, 1 unknown\n"),
            "{text}"
        );
        assert!(text.contains("rule refuted: zexti i8 i16\n"), "{text}");
    }

    #[test]
    fn libfuzzer_logs_give_their_last_counts() {
        let log = "#2\tINITED cov: 10 exec/s: 0\n#512\tpulse  cov: 12 exec/s: 256\n\
                   #1024\tNEW    cov: 13 exec/s: 300 rss: 40Mb\n#1500\tDONE   cov: 13 exec/s: 310\n";
        assert_eq!(last_runs(log), 1500);
        assert_eq!(last_exec_per_s(log), 310);
        assert_eq!(last_runs("#7 INITED\n"), 0);
        assert_eq!(last_exec_per_s(""), 0);
    }

    #[test]
    fn durations_for_people() {
        assert_eq!(for_people(&json!(36.112)), "36.1 s");
        assert_eq!(for_people(&json!(725)), "12 min 5 s");
        assert_eq!(for_people(&json!(7380)), "2 h 3 min");
        assert_eq!(for_people(&Value::Null), "?");
    }
}
