//! The merge of the shards of one campaign into one report.

use super::journal;
use super::params;
use super::report::{self, Report};
use super::CampaignError;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Merges the journals of several campaign directories (shards) into one report,
/// streaming each journal. Refuses directories that are not the distinct shards of one
/// campaign (another seed or option, a shard twice, cases in two journals), and a merge
/// with a shard missing.
pub fn merge(dirs: &[PathBuf]) -> Result<Report, CampaignError> {
    let mut m = Merged::default();
    let mut first: Option<(&PathBuf, params::Params)> = None;
    let mut shards: BTreeMap<u64, &PathBuf> = BTreeMap::new();
    for d in dirs {
        let p = params::load(d)?.ok_or_else(|| CampaignError::NotACampaign(d.clone()))?;
        if let Some((fd, fp)) = &first {
            if let Some(c) = params::merge_conflict(fp, &p) {
                return Err(CampaignError::NotShards {
                    a: (*fd).clone(),
                    b: d.clone(),
                    why: c,
                });
            }
        }
        let (i, n) = p.shard();
        if let Some(other) = shards.insert(i, d) {
            return Err(CampaignError::SameShard {
                a: other.clone(),
                b: d.clone(),
                i,
                n,
            });
        }
        m.add(d)?;
        first.get_or_insert((d, p));
    }
    let (seed, n) = first
        .as_ref()
        .map_or((0, 1), |(_, p)| (p.seed, p.shard().1));
    missing_shards(&shards, n)?;
    let mut rep = m.summary.finish(m.seconds);
    rep.seed = Some(seed);
    rep.finding_files = m.files;
    rep.known_upstream_files = m.known_files;
    rep.interrupted = m.interrupted;
    Ok(rep)
}

/// The shards read so far.
#[derive(Default)]
struct Merged {
    summary: report::Summary,
    seen: journal::CaseSet,
    /// The longest of their times.
    seconds: f64,
    interrupted: bool,
    files: Vec<String>,
    known_files: Vec<String>,
}

impl Merged {
    /// Adds shard `d`: its journal (no case of it in another shard), its time, its
    /// files.
    fn add(&mut self, d: &Path) -> Result<(), CampaignError> {
        let mut cases = 0u64;
        let mut overlap = None;
        journal::read(&d.join("journal.jsonl"), |mut e| {
            cases += 1;
            if !self.seen.insert(e.case) {
                overlap.get_or_insert(e.case);
                return;
            }
            if let Some(f) = e.file.as_mut() {
                *f = format!("{}/{f}", d.display());
            }
            self.summary.add(&e);
        })
        .map_err(|source| CampaignError::InDir {
            dir: d.to_path_buf(),
            source,
        })?;
        if let Some(case) = overlap {
            return Err(CampaignError::Overlap {
                case,
                dir: d.to_path_buf(),
            });
        }
        if cases == 0 {
            return Err(CampaignError::NoJournal(d.to_path_buf()));
        }
        if let Ok(text) = std::fs::read_to_string(d.join("report.json")) {
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) {
                self.seconds = self.seconds.max(v["seconds"].as_f64().unwrap_or(0.0));
                self.interrupted |= v["interrupted"].as_bool().unwrap_or(false);
            }
        }
        let within = |f: String| format!("{}/{f}", d.display());
        self.files.extend(finding_files(d).into_iter().map(within));
        self.known_files
            .extend(files_in(d, "known-upstream").into_iter().map(within));
        Ok(())
    }
}

/// Refuses a merge without every shard `0/n` .. `n-1/n`.
fn missing_shards(shards: &BTreeMap<u64, &PathBuf>, n: u64) -> Result<(), CampaignError> {
    let missing: Vec<String> = (0..n)
        .filter(|i| !shards.contains_key(i))
        .map(|i| format!("{i}/{n}"))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let given: Vec<String> = shards
        .iter()
        .map(|(i, d)| format!("{i}/{n} ({})", d.display()))
        .collect();
    Err(CampaignError::MissingShards {
        plural: if missing.len() > 1 { "s" } else { "" },
        missing: missing.join(", "),
        given: given.join(", "),
    })
}

pub(super) fn finding_files(out: &Path) -> Vec<String> {
    files_in(out, "findings")
}

/// The files of `out/sub`, as `sub/NAME`, sorted.
pub(super) fn files_in(out: &Path, sub: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(out.join(sub))
        .map(|rd| {
            rd.flatten()
                .map(|e| format!("{sub}/{}", e.file_name().to_string_lossy()))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}
