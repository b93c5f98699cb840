//! The parameters of a campaign, kept in `DIR/campaign.json`: `--resume` reuses them
//! (and refuses a contradiction), and `campaign merge` checks that its directories are
//! the distinct shards of one campaign. Only what decides which cases run and what
//! their verdicts are is kept (`--jobs`, batch sizes and reduction budgets change no
//! verdict).

use crate::oracles::every::Every;
use crate::oracles::Oracle;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The journal format these parameters go with ([`super::journal`]).
pub const JOURNAL_FORMAT: u32 = 2;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Params {
    pub journal: u32,
    pub seed: u64,
    /// `I/N`.
    pub shard: String,
    pub count: Option<u64>,
    pub time_seconds: Option<f64>,
    /// The sampling map (oracle name -> every N). Older files have the fields below
    /// instead, which [`load`] reads into it.
    #[serde(default = "Every::off")]
    pub every: Every,
    /// The sampling of older files, one field an oracle (read, never written).
    #[serde(default, skip_serializing)]
    mlir_translate_every: Option<u64>,
    #[serde(default, skip_serializing)]
    upstream_every: Option<u64>,
    #[serde(default, skip_serializing)]
    lower_paths_every: Option<u64>,
    #[serde(default, skip_serializing)]
    structure_every: Option<u64>,
    /// Absent in the campaigns of a stdlower that had no `llvm-level` oracle.
    #[serde(default, skip_serializing)]
    llvm_level_every: Option<u64>,
    pub c_caller_every: u64,
    pub use_aligned_alloc: bool,
    pub use_bare_ptr_memref_call_conv: bool,
}

impl Params {
    pub fn of(cfg: &super::CampaignConfig) -> Params {
        Params {
            journal: JOURNAL_FORMAT,
            seed: cfg.seed,
            shard: format!("{}/{}", cfg.shard.0, cfg.shard.1),
            count: cfg.count,
            time_seconds: if cfg.count.is_some() {
                None
            } else {
                cfg.time.map(|t| t.as_secs_f64())
            },
            every: cfg.every.clone(),
            mlir_translate_every: None,
            upstream_every: None,
            lower_paths_every: None,
            structure_every: None,
            llvm_level_every: None,
            c_caller_every: cfg.oracle.c_caller_every,
            use_aligned_alloc: cfg.oracle.exec.pass.use_aligned_alloc,
            use_bare_ptr_memref_call_conv: cfg.oracle.exec.pass.use_bare_ptr_memref_call_conv,
        }
    }

    /// `(I, N)` of the shard.
    pub fn shard(&self) -> (u64, u64) {
        parse_shard(&self.shard).unwrap_or((0, 1))
    }

    /// An older file's per-oracle fields moved into the map.
    fn upgrade(mut self) -> Params {
        let old = [
            (Oracle::MlirTranslate, self.mlir_translate_every.take()),
            (Oracle::Upstream, self.upstream_every.take()),
            (Oracle::LowerPaths, self.lower_paths_every.take()),
            (Oracle::UpstreamStructure, self.structure_every.take()),
            (Oracle::LlvmLevel, self.llvm_level_every.take()),
        ];
        for (o, n) in old {
            if let Some(n) = n {
                self.every.set(o, n);
            }
        }
        self
    }

    /// Each parameter as its flag and value (the map's entries as `--every NAME=N`).
    fn fields(&self) -> Vec<(String, String)> {
        let opt = |v: Option<String>| v.unwrap_or_else(|| "(none)".into());
        let mut f = vec![
            ("--seed".to_string(), self.seed.to_string()),
            ("--shard".into(), self.shard.clone()),
            ("--count".into(), opt(self.count.map(|c| c.to_string()))),
            (
                "--time".into(),
                opt(self.time_seconds.map(|t| format!("{t}s"))),
            ),
        ];
        for (o, n) in self.every.entries() {
            f.push((format!("--every {o}="), n.to_string()));
        }
        f.extend([
            ("--c-caller-every".into(), self.c_caller_every.to_string()),
            (
                "--use-aligned-alloc".into(),
                self.use_aligned_alloc.to_string(),
            ),
            (
                "--use-bare-ptr-memref-call-conv".into(),
                self.use_bare_ptr_memref_call_conv.to_string(),
            ),
        ]);
        f
    }
}

/// The first parameter `now` contradicts the stored campaign `was` in, as a message.
/// A larger `--count` is no contradiction: it extends the campaign.
pub fn resume_conflict(was: &Params, now: &Params) -> Option<String> {
    let mode = |p: &Params| match (p.count, p.time_seconds) {
        (Some(c), _) => format!("--count {c}"),
        (None, Some(t)) => format!("--time {t}s"),
        (None, None) => "no --count or --time".to_string(),
    };
    if was.count.is_some() != now.count.is_some() {
        return Some(format!(
            "{} contradicts the campaign being resumed, which has {}: leave it out to \
             reuse that, or start another campaign in another --out",
            mode(now),
            mode(was)
        ));
    }
    let extends = matches!((was.count, now.count), (Some(a), Some(b)) if b >= a);
    was.fields()
        .into_iter()
        .zip(now.fields())
        .find(|((flag, a), (_, b))| a != b && !(flag == "--count" && extends))
        .map(|((flag, a), (_, b))| {
            format!(
                "{} contradicts the campaign being resumed ({}): leave {} out to reuse \
                 it, or start another campaign in another --out",
                shown(&flag, &b),
                shown(&flag, &a),
                flag.trim_end_matches('=')
            )
        })
}

/// The first parameter in which two shards' campaigns differ (their shard index and
/// `--time` may differ).
pub fn merge_conflict(a: &Params, b: &Params) -> Option<String> {
    if a.shard().1 != b.shard().1 {
        return Some(format!(
            "--shard {} and --shard {} split the cases differently",
            a.shard, b.shard
        ));
    }
    a.fields()
        .into_iter()
        .zip(b.fields())
        .find(|((flag, x), (_, y))| x != y && flag != "--shard" && flag != "--time")
        .map(|((flag, x), (_, y))| format!("{} and {} differ", shown(&flag, &x), shown(&flag, &y)))
}

/// A flag with its value, as given on the command line.
fn shown(flag: &str, value: &str) -> String {
    if flag.ends_with('=') {
        format!("{flag}{value}")
    } else {
        format!("{flag} {value}")
    }
}

/// Why `campaign.json` could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ParamsError {
    #[error("{}: {source}", path.display())]
    Read {
        path: std::path::PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: {source}", path.display())]
    Parse {
        path: std::path::PathBuf,
        #[source]
        source: serde_json::Error,
    },
    #[error(transparent)]
    Serialize(#[from] serde_json::Error),
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: std::path::PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// The parameters stored in `dir`, if any.
pub fn load(dir: &Path) -> Result<Option<Params>, ParamsError> {
    let path = dir.join("campaign.json");
    match std::fs::read_to_string(&path) {
        Ok(text) => serde_json::from_str(&text)
            .map(|p: Params| Some(p.upgrade()))
            .map_err(|source| ParamsError::Parse { path, source }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(ParamsError::Read { path, source }),
    }
}

/// Stores `params` in `dir` (written aside, then renamed over the old file).
pub fn save(dir: &Path, params: &Params) -> Result<(), ParamsError> {
    let path = dir.join("campaign.json");
    let tmp = dir.join("campaign.json.tmp");
    let text = serde_json::to_string_pretty(params)? + "\n";
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, &path))
        .map_err(|source| ParamsError::Write { path, source })
}

/// Parses `I/N`.
pub fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let (i, n) = s.split_once('/').ok_or("a shard is I/N, e.g. 0/4")?;
    let i: u64 = i
        .trim()
        .parse()
        .map_err(|_| format!("bad shard index '{i}'"))?;
    let n: u64 = n
        .trim()
        .parse()
        .map_err(|_| format!("bad shard count '{n}'"))?;
    if n == 0 || i >= n {
        return Err(format!("shard {i}/{n}: need 0 <= I < N"));
    }
    Ok((i, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(dir: &Path, text: &str) -> Params {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(dir.join("campaign.json"), text).unwrap();
        load(dir).unwrap().expect("stored")
    }

    /// A campaign.json of a stdlower before the map reads into the map; the map is
    /// written back, and read back equal.
    #[test]
    fn old_fields_read_into_the_map_and_the_map_round_trips() {
        let dir = std::env::temp_dir().join(format!("stdlower-params-{}", std::process::id()));
        let old = r#"{"journal":2,"seed":5,"shard":"0/1","count":20,"time_seconds":null,
            "mlir_translate_every":3,"upstream_every":0,"lower_paths_every":8,
            "structure_every":100,"llvm_level_every":1,"c_caller_every":1000,
            "use_aligned_alloc":false,"use_bare_ptr_memref_call_conv":false}"#;
        let p = stored(&dir, old);
        let tv = crate::oracles::tv::ORACLE;
        let got: Vec<(Oracle, u64)> = p.every.entries().collect();
        assert_eq!(
            got,
            vec![
                (Oracle::MlirTranslate, 3),
                (Oracle::Upstream, 0),
                (Oracle::LowerPaths, 8),
                (Oracle::UpstreamStructure, 100),
                (Oracle::LlvmLevel, 1),
                (tv, 0),
            ]
        );
        // Before llvm-level, the field was absent: the oracle did not run.
        let older = stored(&dir, &old.replace(r#""llvm_level_every":1,"#, ""));
        assert_eq!(older.every.get(Oracle::LlvmLevel), 0);
        let mut p = p;
        p.every.set(tv, 20);
        save(&dir, &p).unwrap();
        let text = std::fs::read_to_string(dir.join("campaign.json")).unwrap();
        assert!(text.contains("\"every\"") && !text.contains("mlir_translate_every"));
        assert_eq!(load(&dir).unwrap(), Some(p.clone()));
        let mut q = p.clone();
        q.every.set(tv, 0);
        assert_eq!(
            resume_conflict(&p, &q).as_deref(),
            Some(
                "--every tv=0 contradicts the campaign being resumed (--every tv=20): leave \
                 --every tv out to reuse it, or start another campaign in another --out"
            )
        );
        assert_eq!(
            merge_conflict(&p, &q).as_deref(),
            Some("--every tv=20 and --every tv=0 differ")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
