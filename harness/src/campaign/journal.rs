//! The campaign journal: one JSON line per checked case, appended and flushed as the
//! campaign goes, so a campaign killed with SIGKILL loses at most the line being
//! written, `--resume` skips every case already in it, and reports (and merges of
//! several shards) are computed from journals alone.
//!
//! The journal is compact (format 2): an agreeing case is its number, the oracles that
//! ran and the features its module exercised as bit masks, and its time, about 60 bytes
//! (`{"c":12,"o":"3f","f":"a1c3...","t":5120}`); the bits index names defined once, on
//! lines of their own (`{"d":"o","i":0,"n":"interp-vs-jit"}`), before their first use.
//! Findings, known-upstream cases and skips keep every detail (`verdict`, `seed`,
//! `oracle`, `reason`, `bucket`, `file`, `ms`). Readers stream it ([`read`]): nothing
//! grows with the number of cases but one bit per case ([`CaseSet`]).
//! A journal of the first format (one full JSON object a case) is refused, saying so.

use crate::oracles::Oracle;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// What a case came to, as the journal writes it (`agree`, `finding`,
/// `known-upstream`, `skipped`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaseVerdict {
    #[default]
    Agree,
    Finding,
    /// A JIT crash matching a documented upstream LLVM bug.
    KnownUpstream,
    Skipped,
}

impl CaseVerdict {
    /// The name, as serialised.
    pub fn as_str(self) -> &'static str {
        match self {
            CaseVerdict::Agree => "agree",
            CaseVerdict::Finding => "finding",
            CaseVerdict::KnownUpstream => "known-upstream",
            CaseVerdict::Skipped => "skipped",
        }
    }
}

impl fmt::Display for CaseVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a journal could not be read or opened.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    #[error("{}: {source}", path.display())]
    Io {
        path: std::path::PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{}:{line}: {source}", path.display())]
    Read {
        path: std::path::PathBuf,
        line: u64,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "{}: a journal of the first format (one full JSON object per case), which \
         this stdlower no longer reads: finish or merge it with the stdlower that \
         wrote it, or start the campaign again in another --out",
        path.display()
    )]
    FirstFormat { path: std::path::PathBuf },
    #[error("{}:{line}: {source}", path.display())]
    Line {
        path: std::path::PathBuf,
        line: u64,
        #[source]
        source: LineError,
    },
}

/// What is wrong with one journal line.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LineError {
    #[error("bad bit mask '{0}'")]
    BadMask(String),
    #[error("bit {bit} of '{mask}' was never defined")]
    Undefined { bit: usize, mask: String },
    #[error("unknown definition kind '{0}'")]
    UnknownDefinition(String),
    #[error("unknown oracle '{0}'")]
    UnknownOracle(String),
}

/// One checked case, its names resolved.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Entry {
    /// The case number within the campaign (before sharding).
    pub case: u64,
    /// The generator seed of the case (journaled for all but agreeing cases, whose seed
    /// is `case_seed` of the campaign's seed; 0 when read back).
    pub seed: u64,
    pub verdict: CaseVerdict,
    /// The oracle that found something, for findings.
    pub oracle: Option<Oracle>,
    /// Why a case was skipped (`ub`, `fuel`, `timeout`, `error`), or the finding's detail.
    pub reason: Option<String>,
    /// For `known-upstream`: the docs/findings file of the LLVM bug it matched.
    pub known: Option<String>,
    /// For findings: the bucket's signature ([`crate::verdict::signature`]).
    pub bucket: Option<String>,
    /// The file the finding was saved to (reduced), relative to the campaign directory;
    /// absent for the findings of a bucket past its first few (journaled and counted).
    pub file: Option<String>,
    /// The oracles that ran on the case.
    pub oracles: Vec<Oracle>,
    /// The features the module exercised.
    pub features: Vec<String>,
    /// Milliseconds the case took (journaled for all but agreeing cases).
    pub ms: f64,
    /// Seconds from the start of the campaign to the end of this case (to the
    /// millisecond).
    pub at_s: f64,
}

/// A journal line: a case, or the definition of a name its bit masks use.
#[derive(Serialize, Deserialize, Default)]
struct Line {
    /// A definition: `o` (an oracle) or `f` (a feature) ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    d: Option<String>,
    /// ... its bit ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    i: Option<u32>,
    /// ... and its name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    n: Option<String>,
    /// The case number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    c: Option<u64>,
    /// Oracles run, a bit mask in hex.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    o: String,
    /// Features, a bit mask in hex.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    f: String,
    /// Milliseconds from the campaign's start.
    #[serde(default, skip_serializing_if = "is_zero")]
    t: u64,
    /// Absent for `agree`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    verdict: Option<CaseVerdict>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    oracle: Option<Oracle>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    known: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bucket: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ms: Option<f64>,
    /// Only in the first format (refused).
    #[serde(default, skip_serializing)]
    case: Option<u64>,
}

fn is_zero(t: &u64) -> bool {
    *t == 0
}

/// Names and their bits, one table per kind.
#[derive(Default, Clone)]
struct Names {
    bits: HashMap<String, u32>,
    names: Vec<String>,
}

impl Names {
    fn define(&mut self, bit: u32, name: String) {
        let bit = bit as usize;
        if self.names.len() <= bit {
            self.names.resize(bit + 1, String::new());
        }
        self.bits.insert(name.clone(), bit as u32);
        self.names[bit] = name;
    }

    /// The names of the bits of `mask`.
    fn decode(&self, mask: &str) -> Result<Vec<String>, LineError> {
        let mut out = Vec::new();
        for (k, ch) in mask.chars().enumerate() {
            let nibble = ch
                .to_digit(16)
                .ok_or_else(|| LineError::BadMask(mask.to_string()))?;
            for b in 0..4 {
                if nibble & (1 << b) != 0 {
                    let bit = k * 4 + b;
                    match self.names.get(bit).filter(|n| !n.is_empty()) {
                        Some(n) => out.push(n.clone()),
                        None => {
                            return Err(LineError::Undefined {
                                bit,
                                mask: mask.to_string(),
                            })
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}

/// `bits` as a hex mask: digit k holds bits 4k..4k+3 (least significant first), no
/// trailing zero digits.
fn encode(bits: &[u32]) -> String {
    let Some(&top) = bits.iter().max() else {
        return String::new();
    };
    let mut nibbles = vec![0u8; top as usize / 4 + 1];
    for &b in bits {
        nibbles[b as usize / 4] |= 1 << (b % 4);
    }
    nibbles
        .iter()
        .map(|&n| char::from_digit(u32::from(n), 16).unwrap_or('0'))
        .collect()
}

/// An open journal, appended to line by line.
pub struct Journal {
    file: File,
    oracles: Names,
    features: Names,
}

/// What [`Journal::open`] found at the end of an existing journal.
#[derive(Debug, Default, PartialEq)]
pub struct Healed {
    /// Bytes of a torn last line (a write cut short: killed, or the disk full) removed.
    pub torn_bytes: u64,
}

impl Journal {
    /// Opens (creating) the journal at `path` for appending. A torn last line (no
    /// newline at the end) is cut off first, so the next line starts on a line of its
    /// own; the case it held runs again. The names already defined are read back.
    pub fn open(path: &Path) -> Result<(Journal, Healed), JournalError> {
        let names = read_with_names(path, |_| {})?;
        Journal::open_with(path, names)
    }

    /// [`Journal::open`], given the names [`read_with_names`] read from it.
    pub fn open_with(path: &Path, names: Dictionary) -> Result<(Journal, Healed), JournalError> {
        let ctx = |source| JournalError::Io {
            path: path.to_path_buf(),
            source,
        };
        let healed = heal(path).map_err(ctx)?;
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(ctx)?;
        Ok((
            Journal {
                file,
                oracles: names.oracles,
                features: names.features,
            },
            healed,
        ))
    }

    /// Appends one entry (after the definitions of any names it uses first) as a
    /// single write, then flushes it to the OS.
    pub fn append(&mut self, e: &Entry) -> std::io::Result<()> {
        let mut text = String::new();
        let mut bits = |names: &mut Names, kind: &str, list: &[&str]| -> Vec<u32> {
            list.iter()
                .map(|&n| match names.bits.get(n) {
                    Some(&b) => b,
                    None => {
                        let b = names.names.len() as u32;
                        names.define(b, n.to_string());
                        let def = Line {
                            d: Some(kind.into()),
                            i: Some(b),
                            n: Some(n.to_string()),
                            ..Line::default()
                        };
                        text.push_str(&serde_json::to_string(&def).unwrap_or_default());
                        text.push('\n');
                        b
                    }
                })
                .collect()
        };
        let oracles: Vec<&str> = e.oracles.iter().map(|o| o.as_str()).collect();
        let features: Vec<&str> = e.features.iter().map(String::as_str).collect();
        let o = encode(&bits(&mut self.oracles, "o", &oracles));
        let f = encode(&bits(&mut self.features, "f", &features));
        let agree = e.verdict == CaseVerdict::Agree;
        let line = Line {
            c: Some(e.case),
            o,
            f,
            t: (e.at_s * 1e3).round() as u64,
            verdict: (!agree).then_some(e.verdict),
            seed: (!agree).then_some(e.seed),
            oracle: e.oracle,
            reason: e.reason.clone(),
            known: e.known.clone(),
            bucket: e.bucket.clone(),
            file: e.file.clone(),
            ms: (!agree).then_some((e.ms * 10.0).round() / 10.0),
            ..Line::default()
        };
        text.push_str(&serde_json::to_string(&line).map_err(std::io::Error::other)?);
        text.push('\n');
        self.file.write_all(text.as_bytes())?;
        self.file.flush()
    }
}

/// Cuts a torn last line off the journal at `path`; returns how many bytes went.
fn heal(path: &Path) -> std::io::Result<Healed> {
    let mut f = match OpenOptions::new().read(true).write(true).open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Healed::default()),
        Err(e) => return Err(e),
    };
    let len = f.metadata()?.len();
    if len == 0 {
        return Ok(Healed::default());
    }
    // Back from the end to the last newline, a block at a time.
    let mut end = len;
    let mut keep = 0;
    let mut buf = vec![0u8; 4096];
    'search: while end > 0 {
        let start = end.saturating_sub(buf.len() as u64);
        let n = (end - start) as usize;
        f.seek(SeekFrom::Start(start))?;
        f.read_exact(&mut buf[..n])?;
        if let Some(p) = buf[..n].iter().rposition(|&b| b == b'\n') {
            keep = start + p as u64 + 1;
            break 'search;
        }
        end = start;
    }
    if keep == len {
        return Ok(Healed::default());
    }
    f.set_len(keep)?;
    f.sync_all()?;
    Ok(Healed {
        torn_bytes: len - keep,
    })
}

/// Calls `f` on every line of the journal that parses (a torn line is skipped); a
/// missing journal has none. Refuses a journal of the first format.
fn read_lines(
    path: &Path,
    mut f: impl FnMut(Line) -> Result<(), LineError>,
) -> Result<(), JournalError> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(source) => {
            return Err(JournalError::Io {
                path: path.to_path_buf(),
                source,
            })
        }
    };
    let mut r = BufReader::new(file);
    let mut text = String::new();
    let mut number = 0u64;
    loop {
        text.clear();
        number += 1;
        match r.read_line(&mut text) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(source) => {
                return Err(JournalError::Read {
                    path: path.to_path_buf(),
                    line: number,
                    source,
                })
            }
        }
        let Ok(line) = serde_json::from_str::<Line>(&text) else {
            continue;
        };
        if line.case.is_some() && line.c.is_none() {
            return Err(JournalError::FirstFormat {
                path: path.to_path_buf(),
            });
        }
        f(line).map_err(|source| JournalError::Line {
            path: path.to_path_buf(),
            line: number,
            source,
        })?;
    }
}

/// The names a journal's bit masks stand for.
#[derive(Default, Clone)]
pub struct Dictionary {
    oracles: Names,
    features: Names,
}

/// Streams the journal at `path`: calls `f` on each case, in journal order (a case
/// journaled twice comes twice; [`CaseSet`] tells). A missing journal has no cases.
pub fn read(path: &Path, f: impl FnMut(Entry)) -> Result<(), JournalError> {
    read_with_names(path, f).map(|_| ())
}

/// [`read`], returning the names defined (for [`Journal::open_with`]).
pub fn read_with_names(path: &Path, mut f: impl FnMut(Entry)) -> Result<Dictionary, JournalError> {
    let mut names = Dictionary::default();
    let Dictionary { oracles, features } = &mut names;
    read_lines(path, |line| {
        match line.d.as_deref() {
            Some("o") => oracles.define(line.i.unwrap_or(0), line.n.unwrap_or_default()),
            Some("f") => features.define(line.i.unwrap_or(0), line.n.unwrap_or_default()),
            Some(other) => return Err(LineError::UnknownDefinition(other.to_string())),
            None => {
                let Some(case) = line.c else { return Ok(()) };
                f(Entry {
                    case,
                    seed: line.seed.unwrap_or(0),
                    verdict: line.verdict.unwrap_or_default(),
                    oracle: line.oracle,
                    reason: line.reason,
                    known: line.known,
                    bucket: line.bucket,
                    file: line.file,
                    oracles: oracles
                        .decode(&line.o)?
                        .into_iter()
                        .map(|n| Oracle::from_name(&n).ok_or(LineError::UnknownOracle(n)))
                        .collect::<Result<_, _>>()?,
                    features: features.decode(&line.f)?,
                    ms: line.ms.unwrap_or(0.0),
                    at_s: line.t as f64 / 1e3,
                });
            }
        }
        Ok(())
    })?;
    Ok(names)
}

/// A set of case numbers, one bit each.
#[derive(Default, Clone)]
pub struct CaseSet {
    words: Vec<u64>,
    len: u64,
}

impl CaseSet {
    /// Adds `case`; false when it was there already.
    pub fn insert(&mut self, case: u64) -> bool {
        let (w, b) = ((case / 64) as usize, case % 64);
        if self.words.len() <= w {
            self.words.resize(w + 1, 0);
        }
        let fresh = self.words[w] & (1 << b) == 0;
        self.words[w] |= 1 << b;
        self.len += u64::from(fresh);
        fresh
    }

    pub fn contains(&self, case: u64) -> bool {
        self.words
            .get((case / 64) as usize)
            .is_some_and(|w| w & (1 << (case % 64)) != 0)
    }

    /// How many cases are in the set.
    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(case: u64, verdict: CaseVerdict) -> Entry {
        Entry {
            case,
            verdict,
            oracles: vec![Oracle::InterpVsJit, Oracle::LlvmVerify],
            features: vec!["addi".into(), "memref_arg".into()],
            at_s: 0.5,
            ..Entry::default()
        }
    }

    fn all(p: &Path) -> Vec<Entry> {
        let mut v = Vec::new();
        read(p, |e| v.push(e)).unwrap();
        v
    }

    #[test]
    fn entries_round_trip_and_a_torn_line_is_healed() {
        let dir = std::env::temp_dir().join(format!("stdlower-journal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("journal.jsonl");
        let _ = std::fs::remove_file(&p);
        let (mut j, healed) = Journal::open(&p).unwrap();
        assert_eq!(healed, Healed::default());
        let a = entry(1, CaseVerdict::Agree);
        let mut s = entry(2, CaseVerdict::Skipped);
        s.seed = 99;
        s.reason = Some("fuel".into());
        s.ms = 12.5;
        j.append(&a).unwrap();
        j.append(&s).unwrap();
        drop(j);
        // Agreeing cases are short, and their seed and time are not journaled.
        let text = std::fs::read_to_string(&p).unwrap();
        let agree_line = text.lines().find(|l| l.starts_with("{\"c\":1,")).unwrap();
        assert!(agree_line.len() < 40, "{agree_line}");
        let got = all(&p);
        assert_eq!(got, vec![a.clone(), s.clone()]);

        // A torn last line is cut off on open, and later lines stand on their own.
        let mut f = OpenOptions::new().append(true).open(&p).unwrap();
        f.write_all(b"{\"c\":3,\"o\":\"3").unwrap();
        drop(f);
        let (mut j, healed) = Journal::open(&p).unwrap();
        assert_eq!(healed.torn_bytes, 13);
        let mut c = entry(3, CaseVerdict::Agree);
        c.features.push("call".into());
        j.append(&c).unwrap();
        drop(j);
        assert_eq!(all(&p), vec![a, s, c]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The verdicts serialise to the names journals have always held.
    #[test]
    fn verdicts_keep_their_names() {
        use CaseVerdict::*;
        for (v, name) in [
            (Agree, "agree"),
            (Finding, "finding"),
            (KnownUpstream, "known-upstream"),
            (Skipped, "skipped"),
        ] {
            assert_eq!(v.as_str(), name);
            assert_eq!(serde_json::to_string(&v).unwrap(), format!("\"{name}\""));
            assert_eq!(
                serde_json::from_str::<CaseVerdict>(&format!("\"{name}\"")).unwrap(),
                v
            );
        }
    }

    #[test]
    fn the_first_format_is_refused() {
        let dir = std::env::temp_dir().join(format!("stdlower-journal1-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("journal.jsonl");
        std::fs::write(&p, "{\"case\":1,\"seed\":7,\"verdict\":\"agree\",\"oracles\":[],\"features\":[],\"ms\":1.0}\n").unwrap();
        let e = read(&p, |_| {}).unwrap_err();
        assert!(matches!(e, JournalError::FirstFormat { .. }), "{e}");
        assert!(e.to_string().contains("first format"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn case_sets_and_masks() {
        let mut s = CaseSet::default();
        assert!(s.insert(70) && !s.insert(70) && s.insert(0));
        assert!(s.contains(70) && !s.contains(69) && !s.contains(1_000_000));
        assert_eq!(s.len(), 2);
        assert_eq!(encode(&[0, 5, 9]), "122");
        assert_eq!(encode(&[]), "");
    }
}
