//! The campaign report (`report.json`): totals, per-oracle and per-feature counts,
//! computed from journal entries, so a resumed campaign, an uninterrupted one and a
//! merge of shards all report the same way. The entries stream through a [`Summary`]:
//! it keeps counters, and lists only per bucket and per saved file.

use super::journal::{CaseVerdict, Entry};
use crate::oracles::Oracle;
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct OracleCounts {
    /// Cases this oracle ran on.
    pub checked: u64,
    /// Cases where it found a disagreement.
    pub findings: u64,
}

/// A case that reproduces a bucket's finding.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Reproducer {
    pub case: u64,
    /// `stdlower gen --swarm --seed SEED` gives its module.
    pub seed: u64,
    /// The saved (reduced) file test, relative to the campaign directory.
    pub file: Option<String>,
}

/// The findings of one signature ([`super::buckets`]).
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Bucket {
    pub signature: String,
    pub oracle: String,
    /// How many findings had this signature.
    pub count: u64,
    /// The saved ones, by case, or the first case when none was saved.
    pub reproducers: Vec<Reproducer>,
}

#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct Report {
    pub checked: u64,
    pub agreed: u64,
    pub findings: u64,
    pub skipped: u64,
    /// JIT crashes matching a documented upstream LLVM bug (not converter findings).
    pub known_upstream: u64,
    /// Those crashes per docs/findings file.
    pub known_upstream_by_doc: BTreeMap<String, u64>,
    /// Their modules, relative to the campaign directory.
    pub known_upstream_files: Vec<String>,
    /// Of `known_upstream`, the bugs of an older upstream release (`--mlir-bin`) that a
    /// later release fixed: documented ones, and wrong values MLIR 22 does not repeat.
    pub fixed_upstream: u64,
    /// Those per docs/findings file (or the re-run's label), with the release that fixed
    /// them.
    pub fixed_upstream_by_doc: BTreeMap<String, FixedUpstream>,
    /// Wall-clock seconds of the run(s) that produced this report.
    pub seconds: f64,
    /// Checks per second over `seconds`.
    pub checks_per_second: f64,
    pub seed: Option<u64>,
    pub shard: Option<String>,
    pub per_oracle: BTreeMap<String, OracleCounts>,
    /// How many cases exercised each op, type and convention (gaps in coverage show as absent).
    pub per_feature: BTreeMap<String, u64>,
    /// Why cases were skipped.
    pub skipped_reasons: BTreeMap<String, u64>,
    /// Generated modules the interpreter found UB in or that did not verify: generator bugs.
    pub generator_bugs: u64,
    /// The finding that completed first (case number), and when (seconds into its run).
    pub first_finding_case: Option<u64>,
    pub first_finding_seconds: Option<f64>,
    /// The finding files written, relative to the campaign directory.
    pub finding_files: Vec<String>,
    /// The findings by signature, the largest bucket first.
    pub buckets: Vec<Bucket>,
    /// The campaign was stopped by a signal (SIGTERM or SIGINT) before its end.
    pub interrupted: bool,
}

/// The `fixed-upstream` cases of one bug.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct FixedUpstream {
    pub count: u64,
    /// The MLIR release that fixed it.
    pub fixed_in: u32,
}

/// A report being computed, one entry at a time.
#[derive(Clone, Default)]
pub struct Summary {
    r: Report,
    buckets: BTreeMap<String, Bucket>,
    unsaved: BTreeMap<String, Reproducer>,
}

impl Summary {
    /// Counts one case.
    pub fn add(&mut self, e: &Entry) {
        let r = &mut self.r;
        r.checked += 1;
        match e.verdict {
            CaseVerdict::Agree => r.agreed += 1,
            CaseVerdict::Finding => {
                r.findings += 1;
                let oracle = e.oracle.map(|o| o.to_string()).unwrap_or_default();
                let sig = e.bucket.clone().unwrap_or_else(|| oracle.clone());
                let b = self.buckets.entry(sig.clone()).or_insert_with(|| Bucket {
                    signature: sig,
                    oracle,
                    ..Bucket::default()
                });
                b.count += 1;
                let p = Reproducer {
                    case: e.case,
                    seed: e.seed,
                    file: e.file.clone(),
                };
                if p.file.is_some() {
                    b.reproducers.push(p);
                } else if b.reproducers.is_empty() {
                    // Kept (only the first case) until a saved one turns up.
                    let first = self.unsaved.entry(b.signature.clone()).or_insert(p.clone());
                    if p.case < first.case {
                        *first = p;
                    }
                }
                if r.first_finding_seconds.is_none_or(|t| e.at_s < t) {
                    r.first_finding_case = Some(e.case);
                    r.first_finding_seconds = Some(e.at_s);
                }
            }
            CaseVerdict::KnownUpstream => {
                r.known_upstream += 1;
                let doc = e.known.clone().unwrap_or_else(|| "unknown".into());
                if let Some(fixed_in) = crate::upstream_release::known::fixed_in(&doc) {
                    r.fixed_upstream += 1;
                    let f = r.fixed_upstream_by_doc.entry(doc.clone()).or_default();
                    f.count += 1;
                    f.fixed_in = fixed_in;
                }
                *r.known_upstream_by_doc.entry(doc).or_default() += 1;
            }
            CaseVerdict::Skipped => {
                r.skipped += 1;
                let why = e.reason.clone().unwrap_or_else(|| "unknown".into());
                *r.skipped_reasons.entry(why).or_default() += 1;
            }
        }
        for o in &e.oracles {
            r.per_oracle.entry(o.to_string()).or_default().checked += 1;
        }
        if let Some(o) = e.oracle.filter(|_| e.verdict == CaseVerdict::Finding) {
            r.per_oracle.entry(o.to_string()).or_default().findings += 1;
            if o == Oracle::Generator {
                r.generator_bugs += 1;
            }
        }
        for f in &e.features {
            *r.per_feature.entry(f.clone()).or_default() += 1;
        }
    }

    /// The report, over `seconds` of campaign time.
    pub fn finish(self, seconds: f64) -> Report {
        let Summary {
            mut r,
            buckets,
            mut unsaved,
        } = self;
        r.seconds = seconds;
        r.buckets = buckets
            .into_values()
            .map(|mut b| {
                if b.reproducers.is_empty() {
                    b.reproducers.extend(unsaved.remove(&b.signature));
                }
                b.reproducers.sort_by_key(|p| p.case);
                b
            })
            .collect();
        r.buckets
            .sort_by(|a, b| b.count.cmp(&a.count).then(a.signature.cmp(&b.signature)));
        r.checks_per_second = if seconds > 0.0 {
            r.checked as f64 / seconds
        } else {
            0.0
        };
        r
    }
}
