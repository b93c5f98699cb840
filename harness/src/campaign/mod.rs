//! Campaigns: many generated modules through every oracle, on all cores.
//!
//! Case `i` of a campaign with base seed `S` is the module of seed `case_seed(S, i)`
//! (swarm configuration included), so a case is reproduced by its seed alone
//! (`stdlower gen --swarm --seed N`). `--shard I/N` takes the cases with `i % N == I`,
//! so N machines run one campaign between them and `campaign merge` adds up their
//! journals. Every case is appended to `DIR/journal.jsonl` as it finishes; `--resume`
//! skips the cases already there, so a killed campaign loses nothing ([`journal`]: a
//! compact format, read as a stream; [`params`]: the parameters `--resume` and `merge`
//! check). SIGTERM and SIGINT stop it with its report ([`signals`]). Each of the
//! `--jobs` threads takes the next case number as soon as it is free. The cases sampled
//! for `mlir-translate` finish when their batch has been through it
//! ([`translate_queue`]).
//!
//! A panic anywhere in a case (generator, verifier, converter, interpreter, harness) is
//! a finding of oracle `panic` ([`crate::process::panics`]) and the campaign goes on. Findings
//! are bucketed by signature ([`buckets`]): only the first few of a bucket are reduced
//! and saved, the rest are journaled and counted; a reduction never runs past the
//! campaign's `--time`. A case whose in-process work goes on past `--hang-seconds` is a
//! finding of oracle `hang` ([`crate::process::watchdog`]), and a campaign with `--time` ends
//! at most [`DEADLINE_GRACE`] after it, whatever its cases are doing.

pub mod buckets;
mod case;
mod error;
mod finding;
pub mod journal;
mod merge;
pub mod params;
mod progress;
mod publish;
pub mod report;
pub mod report_html;
mod scheduler;
pub mod signals;
mod start;
pub mod translate_queue;
pub mod upstream_queue;
mod watcher;

use crate::oracles::{self, CheckReport, OracleConfig};
pub use case::{case_seed, check_case, generate_case, resolve_structure, run_case, Checked};
use converter::ir::Module;
pub use error::CampaignError;
pub use finding::{file_test, finish_case, reduce_hook, Finisher};
pub use merge::merge;
pub use params::parse_shard;
pub use progress::PROGRESS_SECONDS;
pub use publish::{exit_status, print_summary, write_report, write_report_with};
use report::Report;
pub use scheduler::run_with;
use std::path::PathBuf;
use std::time::Duration;

/// How many sampled modules go through one `mlir-translate` process.
pub const TRANSLATE_BATCH: u64 = 32;

/// The default for [`CampaignConfig::jit_group`]: the most cases whose modules one JIT
/// worker compiles together (`--jit-group`). 16 over 8: alternating rounds of
/// `campaign --count 4000 --jobs 2` gave 598 against 575 checks/s and 3.13 against 3.21
/// ms of CPU a check; 32 was slower than 16 (`docs/jit-cost.md`).
pub const JIT_GROUP: usize = 16;

/// What to run.
#[derive(Clone, Debug)]
pub struct CampaignConfig {
    /// Number of cases (before sharding); `None` runs until `time` is up.
    pub count: Option<u64>,
    pub time: Option<Duration>,
    pub seed: u64,
    pub jobs: usize,
    pub out: PathBuf,
    /// `(I, N)`: this machine runs the cases with `case % N == I`.
    pub shard: (u64, u64),
    pub resume: bool,
    /// Oracle name -> run it on every Nth case (0 = never): `mlir-translate`,
    /// `upstream`, `lower-paths`, `upstream-structure` (its cases wait in the
    /// [`translate_queue`] and share one `mlir-opt` process a batch), `llvm-level`, `tv`.
    pub every: crate::oracles::every::Every,
    /// How many modules one `mlir-translate` process checks
    /// ([`TRANSLATE_BATCH`] by default).
    pub mlir_translate_batch: usize,
    /// The most cases whose modules a JIT worker compiles together (1: each alone).
    /// Above 1, the `jobs` workers are shared by `jobs * jit_group` checking threads, of
    /// which `jobs` check at a time ([`crate::jit_pool`]), so that cases wait for the
    /// JIT together.
    pub jit_group: usize,
    /// The progress bar (on a terminal).
    pub progress: bool,
    /// A progress line on standard error every 10 s (`STDLOWER_PROGRESS_SECONDS`).
    pub progress_lines: bool,
    /// Seconds the reducer may spend on each finding (0 = write findings unreduced).
    pub reduce_seconds: u64,
    /// How many findings of each bucket are reduced and saved (the rest are counted).
    pub reduce_per_bucket: u64,
    /// A case whose in-process work goes on longer than this is a finding of oracle
    /// `hang` ([`crate::process::watchdog`]; `None`: never).
    pub hang: Option<Duration>,
    pub oracle: OracleConfig,
}

/// How a campaign checks one generated module: the oracles
/// ([`oracles::check_generated_deferring`], see [`default_check`]), with the
/// `mlir-translate` check left to run when asked; tests give one that fails on purpose.
pub type CaseCheck = dyn Fn(&Module, &OracleConfig) -> CaseChecked + Sync;

/// What a [`CaseCheck`] gives: the report and the `mlir-translate` check left to run,
/// or the panic of the check with the oracles that had started.
pub type CaseChecked = Result<(CheckReport, oracles::Deferred), oracles::Panicked>;

/// The campaign's check: every oracle.
pub fn default_check(m: &Module, cfg: &OracleConfig) -> CaseChecked {
    oracles::check_generated_deferring(m, cfg)
}

/// Of the cases sampled for `lower-paths`, one in this many also runs `stdlower lower`
/// in a process of its own on the case made big (`lower_paths::big_variant`: about
/// 50 ms of CPU with the process start, so one case in 2,048 by default costs under 1 %);
/// case 0 is always one.
pub use crate::oracles::every::LOWER_PATHS_DEEP_EVERY;

/// Runs a campaign; returns the report of everything in the journal.
pub fn run(cfg: &CampaignConfig) -> Result<Report, CampaignError> {
    run_with(cfg, &default_check)
}

/// Seconds a campaign stopped by a signal waits for its cases in flight before it
/// writes its report from the journal and exits.
pub const SIGNAL_GRACE: Duration = Duration::from_secs(3);

/// Seconds a campaign with `--time` waits past it for its cases in flight (a child
/// process near its own timeout, a hung case not yet declared one) before it writes its
/// report from the journal and exits.
pub const DEADLINE_GRACE: Duration = Duration::from_secs(3);

/// The default hang limit (`--hang-seconds`): seconds of in-process work after which a
/// case is a finding of oracle `hang` ([`crate::process::watchdog`]). A generated case's own
/// in-process work is bounded by the interpreters' fuel (5 M Standard steps), far below.
pub const HANG_SECONDS: u64 = 30;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse() {
        assert_eq!(parse_shard("1/4").unwrap(), (1, 4));
        assert!(parse_shard("4/4").is_err());
        assert!(parse_shard("x").is_err());
    }

    #[test]
    fn case_seeds_are_distinct() {
        let seeds: std::collections::BTreeSet<u64> = (0..10_000).map(|i| case_seed(7, i)).collect();
        assert_eq!(seeds.len(), 10_000);
    }
}
