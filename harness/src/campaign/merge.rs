//! The merge of the shards of one campaign into one report.

use super::*;
use report::Report;
use std::path::{Path, PathBuf};

/// Merges the journals of several campaign directories (shards) into one report,
/// streaming each journal. Refuses directories that are not the distinct shards of one
/// campaign (another seed or option, a shard twice, cases in two journals), and a merge
/// with a shard missing.
pub fn merge(dirs: &[PathBuf]) -> Result<Report, CampaignError> {
    let mut summary = report::Summary::default();
    let mut seen = journal::CaseSet::default();
    let mut seconds: f64 = 0.0;
    let mut interrupted = false;
    let mut files = Vec::new();
    let mut known_files = Vec::new();
    let mut first: Option<(&PathBuf, params::Params)> = None;
    let mut shards: std::collections::BTreeMap<u64, &PathBuf> = Default::default();
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
        let mut cases = 0u64;
        let mut overlap = None;
        journal::read(&d.join("journal.jsonl"), |mut e| {
            cases += 1;
            if !seen.insert(e.case) {
                overlap.get_or_insert(e.case);
                return;
            }
            if let Some(f) = e.file.as_mut() {
                *f = format!("{}/{f}", d.display());
            }
            summary.add(&e);
        })
        .map_err(|source| CampaignError::InDir {
            dir: d.clone(),
            source,
        })?;
        if let Some(case) = overlap {
            return Err(CampaignError::Overlap {
                case,
                dir: d.clone(),
            });
        }
        if cases == 0 {
            return Err(CampaignError::NoJournal(d.clone()));
        }
        if let Ok(text) = std::fs::read_to_string(d.join("report.json")) {
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) {
                seconds = seconds.max(v["seconds"].as_f64().unwrap_or(0.0));
                interrupted |= v["interrupted"].as_bool().unwrap_or(false);
            }
        }
        files.extend(
            finding_files(d)
                .into_iter()
                .map(|f| format!("{}/{f}", d.display())),
        );
        known_files.extend(
            files_in(d, "known-upstream")
                .into_iter()
                .map(|f| format!("{}/{f}", d.display())),
        );
        first.get_or_insert((d, p));
    }
    let (seed, n) = first
        .as_ref()
        .map_or((0, 1), |(_, p)| (p.seed, p.shard().1));
    let missing: Vec<String> = (0..n)
        .filter(|i| !shards.contains_key(i))
        .map(|i| format!("{i}/{n}"))
        .collect();
    if !missing.is_empty() {
        let given: Vec<String> = shards
            .iter()
            .map(|(i, d)| format!("{i}/{n} ({})", d.display()))
            .collect();
        return Err(CampaignError::MissingShards {
            plural: if missing.len() > 1 { "s" } else { "" },
            missing: missing.join(", "),
            given: given.join(", "),
        });
    }
    let mut rep = summary.finish(seconds);
    rep.seed = Some(seed);
    rep.finding_files = files;
    rep.known_upstream_files = known_files;
    rep.interrupted = interrupted;
    Ok(rep)
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
