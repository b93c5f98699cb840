//! The campaign journal: one JSON line per checked case, appended and flushed as the
//! campaign goes, so a campaign killed with SIGKILL loses at most the line being
//! written, `--resume` skips every case already in it, and reports (and merges of
//! several shards) are computed from journals alone.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;

/// One checked case.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Entry {
    /// The case number within the campaign (before sharding).
    pub case: u64,
    /// The generator seed of the case.
    pub seed: u64,
    /// `agree`, `finding`, `known-upstream` or `skipped`.
    pub verdict: String,
    /// The oracle that found something, for findings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oracle: Option<String>,
    /// Why a case was skipped (`ub`, `fuel`, `timeout`, `error`), or the finding's detail.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// For `known-upstream`: the docs/findings file of the LLVM bug it matched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub known: Option<String>,
    /// For findings: the bucket's signature ([`super::buckets::signature`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bucket: Option<String>,
    /// The file the finding was saved to (reduced), relative to the campaign directory;
    /// absent for the findings of a bucket past its first few (journaled and counted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The oracles that ran on the case.
    pub oracles: Vec<String>,
    /// The features the module exercised.
    pub features: Vec<String>,
    /// Milliseconds the case took.
    pub ms: f64,
    /// Seconds from the start of the campaign run to the end of this case.
    #[serde(default)]
    pub at_s: f64,
}

/// An open journal, appended to line by line.
pub struct Journal {
    file: File,
}

impl Journal {
    /// Opens (creating) the journal at `path` for appending.
    pub fn open(path: &Path) -> std::io::Result<Journal> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        Ok(Journal { file })
    }

    /// Appends one entry as a single write of one line, then flushes it to the OS.
    pub fn append(&mut self, e: &Entry) -> std::io::Result<()> {
        let mut line = serde_json::to_string(e).map_err(std::io::Error::other)?;
        line.push('\n');
        self.file.write_all(line.as_bytes())?;
        self.file.flush()
    }
}

/// Reads every complete entry of a journal, last entry per case winning; a torn last
/// line (the process was killed mid-write) is ignored, and that case runs again.
pub fn read(path: &Path) -> std::io::Result<BTreeMap<u64, Entry>> {
    let mut out = BTreeMap::new();
    let f = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => return Err(e),
    };
    for line in BufReader::new(f).lines() {
        let line = line?;
        if let Ok(e) = serde_json::from_str::<Entry>(&line) {
            out.insert(e.case, e);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn torn_lines_are_ignored_and_later_entries_win() {
        let dir = std::env::temp_dir().join(format!("stdlower-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("journal.jsonl");
        let _ = std::fs::remove_file(&p);
        let mut j = Journal::open(&p).unwrap();
        let mut e = Entry {
            case: 1,
            seed: 7,
            verdict: "agree".into(),
            oracle: None,
            reason: None,
            known: None,
            bucket: None,
            file: None,
            oracles: vec!["interp-vs-jit".into()],
            features: vec!["addi".into()],
            ms: 1.0,
            at_s: 0.5,
        };
        j.append(&e).unwrap();
        e.case = 2;
        j.append(&e).unwrap();
        e.verdict = "skipped".into();
        j.append(&e).unwrap();
        drop(j);
        let mut f = OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(b"{\"case\": 3, \"seed\"").unwrap();
        let r = read(&p).unwrap();
        assert_eq!(r.len(), 2);
        assert_eq!(r[&2].verdict, "skipped");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
