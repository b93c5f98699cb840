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
//! a finding of oracle `panic` ([`crate::panics`]) and the campaign goes on. Findings
//! are bucketed by signature ([`buckets`]): only the first few of a bucket are reduced
//! and saved, the rest are journaled and counted; a reduction never runs past the
//! campaign's `--time`. A case whose in-process work goes on past `--hang-seconds` is a
//! finding of oracle `hang` ([`crate::watchdog`]), and a campaign with `--time` ends
//! at most [`DEADLINE_GRACE`] after it, whatever its cases are doing.

pub mod buckets;
pub mod journal;
pub mod params;
pub mod report;
pub mod signals;
pub mod translate_queue;
pub mod upstream_queue;

use crate::oracles::{self, CheckReport, Oracle, OracleConfig, Verdict};
use crate::panics::{self, Panic};
use buckets::Buckets;
use converter::ir::Module;
use journal::{CaseVerdict, Entry, Journal};
use report::Report;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use translate_queue::TranslateQueue;

/// Why a campaign (or a merge of campaigns) could not run or finish.
#[derive(Debug, thiserror::Error)]
pub enum CampaignError {
    #[error(transparent)]
    Journal(#[from] journal::JournalError),
    #[error(transparent)]
    Params(#[from] params::ParamsError),
    #[error("cannot create {}: {source}", path.display())]
    Create {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "{} already holds a campaign journal ({cases} cases): pass --resume to continue it, \
         or choose another --out",
        out.display()
    )]
    AlreadyStarted { out: PathBuf, cases: u64 },
    #[error("--resume: {0}")]
    ResumeConflict(String),
    #[error("cannot write finding {name}: {source}")]
    WriteFinding {
        name: String,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot append to the journal: {0}")]
    Append(#[source] std::io::Error),
    #[error("{0}")]
    Serialize(#[from] serde_json::Error),
    #[error("cannot write {}: {source}", path.display())]
    WriteReport {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "{} has no campaign.json: not a campaign directory, or one of an older stdlower",
        .0.display()
    )]
    NotACampaign(PathBuf),
    #[error("{} and {} are not shards of one campaign: {why}", a.display(), b.display())]
    NotShards { a: PathBuf, b: PathBuf, why: String },
    #[error("{} and {} are both shard {i}/{n}", a.display(), b.display())]
    SameShard {
        a: PathBuf,
        b: PathBuf,
        i: u64,
        n: u64,
    },
    #[error("{}: {source}", dir.display())]
    InDir {
        dir: PathBuf,
        #[source]
        source: journal::JournalError,
    },
    #[error(
        "case {case} of {} is in another of the journals merged: the shards overlap",
        dir.display()
    )]
    Overlap { case: u64, dir: PathBuf },
    #[error("{} has no campaign journal", .0.display())]
    NoJournal(PathBuf),
    #[error(
        "shard{plural} {missing} missing: a merge needs every shard of the campaign (given: {given})"
    )]
    MissingShards {
        plural: &'static str,
        missing: String,
        given: String,
    },
}

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
    /// `hang` ([`crate::watchdog`]; `None`: never).
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

/// A panic as the finding of a case.
fn panic_verdict(p: &Panic) -> Verdict {
    Verdict::Finding {
        oracle: panics::ORACLE,
        detail: p.detail(),
    }
}

/// What the journal keeps of a finding's detail: its first line, at most 300 characters.
fn journal_reason(detail: &str) -> String {
    detail
        .lines()
        .next()
        .unwrap_or("")
        .chars()
        .take(300)
        .collect()
}

/// The seed of case `case` of a campaign with base seed `base` (SplitMix64 finalizer,
/// so neighbouring cases get unrelated seeds).
pub fn case_seed(base: u64, case: u64) -> u64 {
    let mut z = base ^ case.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A case checked by every oracle but, possibly, `mlir-translate`, whose check then
/// waits in `deferred` (see [`translate_queue`]).
pub struct Checked {
    pub case: u64,
    pub seed: u64,
    /// `None` when the generator panicked.
    module: Option<Module>,
    ocfg: OracleConfig,
    report: CheckReport,
    features: Vec<String>,
    /// Milliseconds spent on the case so far.
    pub ms: f64,
    pub deferred: Option<oracles::DeferredTranslate>,
    /// The `upstream-structure` comparison, waiting for `mlir-opt`.
    pub structure: Option<crate::upstream_structure::Pending>,
    /// Its outcome, once `mlir-opt` answered (folded into the report with the
    /// `mlir-translate` answer, [`oracles::check::fold_late`]).
    structure_answer: Option<crate::upstream_structure::Outcome>,
}

/// The module of case seed `seed` with the lowering options given on the command line
/// forced on top of the case's own, and its swarm configuration.
fn generate_case(seed: u64, oracle: &OracleConfig) -> (generator::GenConfig, Module) {
    let forced = oracle.exec.pass;
    generator::generate_swarm_from_seed_with(seed, |g| {
        g.use_aligned_alloc |= forced.use_aligned_alloc;
        g.use_bare_ptr_memref_call_conv |= forced.use_bare_ptr_memref_call_conv;
    })
}

/// The journal entry of a case that hung ([`crate::watchdog`]) and, for the first of
/// its bucket, its file test: the module as generated (a hang cannot be reduced in
/// this process), written by a thread of its own that is given a few seconds.
fn hang_entry(
    h: &crate::watchdog::Hung,
    cfg: &CampaignConfig,
    fin: &Finisher<'_>,
) -> (Entry, Option<String>) {
    let detail = h.detail(cfg.hang.unwrap_or_default());
    let sig = buckets::signature(Oracle::Hang, &detail);
    let save = fin.buckets.save(&sig, false);
    let name = format!("findings/case{}-{}.mlir", h.case, Oracle::Hang);
    // A hang in the generator would hang the file's writer too: the seed says it all.
    let module = h.phase != crate::watchdog::Phase::Generating;
    let file = save.then(|| {
        let mut text = format!(
            "// stdlower campaign case {}: stdlower gen --swarm --seed {}\n",
            h.case, h.seed
        );
        if !module {
            text.push_str(&comment_lines(&detail));
            return text;
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let (seed, oracle) = (h.seed, cfg.oracle.clone());
        let verdict = Verdict::Finding {
            oracle: Oracle::Hang,
            detail: detail.clone(),
        };
        std::thread::spawn(move || {
            let text = panics::catch(|| {
                let (gcfg, m) = generate_case(seed, &oracle);
                let mut ocfg = oracle;
                ocfg.exec = ocfg.exec.for_case(&gcfg);
                file_test(&m, &verdict, &ocfg)
            });
            let _ = tx.send(text);
        });
        match rx.recv_timeout(HANG_FILE_SECONDS) {
            Ok(Ok(t)) => text.push_str(&t),
            _ => text.push_str(&comment_lines(&format!(
                "{}\n(writing the module did not finish: regenerate it from the seed)",
                detail
            ))),
        }
        text
    });
    let entry = Entry {
        case: h.case,
        seed: h.seed,
        verdict: CaseVerdict::Finding,
        oracle: Some(Oracle::Hang),
        reason: Some(journal_reason(&detail)),
        known: None,
        bucket: Some(sig),
        file: save.then_some(name),
        oracles: vec![Oracle::Hang],
        features: Vec::new(),
        ms: h.seconds * 1e3,
        at_s: 0.0,
    };
    (entry, file)
}

/// Of the cases sampled for `lower-paths`, one in this many also runs `stdlower lower`
/// in a process of its own on the case made big (`lower_paths::big_variant`: about
/// 50 ms of CPU with the process start, so one case in 2,048 by default costs under 1 %);
/// case 0 is always one.
pub use crate::oracles::every::LOWER_PATHS_DEEP_EVERY;

/// How long a hang's file test may take to write (it runs the interpreter for the
/// `run:` line, on a thread of its own).
const HANG_FILE_SECONDS: Duration = Duration::from_secs(2);

/// Checks one case up to its `mlir-translate` check, which is left in `deferred` when
/// the case is sampled for it (and got that far). A panic is the case's verdict.
pub fn check_case(case: u64, seed: u64, cfg: &CampaignConfig, check: &CaseCheck) -> Checked {
    let start = Instant::now();
    let mut ocfg = cfg.oracle.clone();
    cfg.every.apply(case, &mut ocfg);
    let mut deferred = None;
    let mut structure = None;
    // Options given on the command line hold for every case, on top of the case's own.
    crate::watchdog::phase(crate::watchdog::Phase::Generating);
    let generated = panics::catch(|| generate_case(seed, &cfg.oracle));
    let (module, report, features) = match generated {
        Err(p) => {
            let report = CheckReport {
                verdict: panic_verdict(&p),
                ran: vec![Oracle::Generator, panics::ORACLE],
            };
            (None, report, Vec::new())
        }
        Ok((gcfg, m)) => {
            // The converter's options are the case's own (its swarm configuration's).
            ocfg.exec = ocfg.exec.for_case(&gcfg);
            crate::watchdog::phase(crate::watchdog::Phase::Checking);
            // A panic is the case's finding (the check catches its own, with the
            // oracles that had started).
            let mut lowered = None;
            let mut report = match panics::catch(|| check(&m, &ocfg)) {
                Ok(Ok((report, d))) => {
                    deferred = d.translate;
                    lowered = d.lowered;
                    report
                }
                Ok(Err(p)) => p.into_report(),
                Err(panic) => oracles::Panicked {
                    panic,
                    ran: Vec::new(),
                }
                .into_report(),
            };
            if cfg.every.sampled(Oracle::UpstreamStructure, case) && !report.verdict.is_finding() {
                // A panic while preparing the comparison leaves the case uncompared;
                // the oracles that ran have judged it.
                crate::watchdog::phase(crate::watchdog::Phase::PreparingStructure);
                match panics::catch(|| {
                    crate::upstream_structure::prepare_case(&m, lowered.as_ref(), &ocfg)
                }) {
                    Ok(Ok(p)) => structure = Some(p),
                    Ok(Err(counted)) => report.ran.extend(counted),
                    Err(_) => {}
                }
            }
            let mut features: Vec<String> = panics::catch(|| {
                generator::features(&m)
                    .into_iter()
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
            features.extend(option_features(&ocfg.exec, &features));
            (Some(m), report, features)
        }
    };
    Checked {
        case,
        seed,
        module,
        ocfg,
        report,
        features,
        ms: start.elapsed().as_secs_f64() * 1e3,
        deferred,
        structure,
        structure_answer: None,
    }
}

/// Runs the waiting `upstream-structure` comparisons of `cases` (one `mlir-opt` process
/// for them all) and keeps each outcome for its case's [`finish_case`].
pub fn resolve_structure(cases: &mut [Checked]) {
    let waiting: Vec<usize> = (0..cases.len())
        .filter(|&k| cases[k].structure.is_some())
        .collect();
    let pending: Vec<&crate::upstream_structure::Pending> = waiting
        .iter()
        .filter_map(|&k| cases[k].structure.as_ref())
        .collect();
    let answers = crate::upstream_structure::lower_pending(&pending);
    for (k, answer) in waiting.into_iter().zip(answers) {
        let c = &mut cases[k];
        if let Some(p) = c.structure.take() {
            c.structure_answer = Some(crate::upstream_structure::resolve(&p, answer));
        }
    }
}

/// What finishing a case needs besides the case: the campaign, its check, its buckets,
/// its deadline, and how many of its threads are reducing a finding.
pub struct Finisher<'a> {
    cfg: &'a CampaignConfig,
    check: &'a CaseCheck,
    buckets: &'a Buckets,
    /// When the campaign's `--time` is up (reductions stop there).
    deadline: Option<Instant>,
    reducing: AtomicUsize,
}

/// A thread's turn to reduce (see [`Finisher::reduction_turn`]), given back on drop.
struct ReductionTurn<'a>(&'a AtomicUsize);

impl Drop for ReductionTurn<'_> {
    fn drop(&mut self) {
        // Unless the watcher gave it back when it abandoned this thread in a hang.
        if crate::watchdog::release(crate::watchdog::Token::ReductionTurn) {
            self.0.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

impl<'a> Finisher<'a> {
    pub fn new(
        cfg: &'a CampaignConfig,
        check: &'a CaseCheck,
        buckets: &'a Buckets,
        deadline: Option<Instant>,
    ) -> Finisher<'a> {
        Finisher {
            cfg,
            check,
            buckets,
            deadline,
            reducing: AtomicUsize::new(0),
        }
    }

    /// A turn to reduce a finding, when fewer than half the threads (at least one) are
    /// reducing: the others go on checking, so a flood of findings never takes the
    /// campaign below half its rate. Without a turn, a finding is saved unreduced.
    fn reduction_turn(&self) -> Option<ReductionTurn<'_>> {
        let most = (self.cfg.jobs / 2).max(1);
        crate::watchdog::hold(crate::watchdog::Token::ReductionTurn);
        let turn = ReductionTurn(&self.reducing);
        (self.reducing.fetch_add(1, Ordering::Relaxed) < most).then_some(turn)
    }

    /// Seconds a reduction may take now: `reduce_seconds`, cut to what is left of the
    /// campaign's time.
    fn reduce_budget(&self) -> Duration {
        let budget = Duration::from_secs(self.cfg.reduce_seconds);
        match self.deadline {
            Some(d) => budget.min(d.saturating_duration_since(Instant::now())),
            None => budget,
        }
    }
}

/// The lowering options of a case, as report features (`per_feature` counts them).
fn option_features(exec: &crate::exec::ExecOptions, features: &[String]) -> Vec<String> {
    let mut v = Vec::new();
    if exec.index_bitwidth == 32 {
        v.push("option_index_bitwidth_32".to_string());
    }
    if exec.pass.use_aligned_alloc {
        v.push("option_use_aligned_alloc".to_string());
    }
    if exec.pass.use_bare_ptr_memref_call_conv {
        v.push("option_use_bare_ptr_memref_call_conv".to_string());
        if features
            .iter()
            .any(|f| f == "memref_arg" || f == "memref_result")
        {
            // The convention at work: a memref crosses a signature as a bare pointer.
            v.push("option_bare_ptr_memref_signature".to_string());
        }
    }
    v
}

/// Checks one case completely (its `mlir-translate` check in a process of its own);
/// returns its journal entry and, for a saved finding, the file test text.
pub fn run_case(case: u64, seed: u64, fin: &Finisher<'_>) -> (Entry, Option<String>) {
    let mut c = check_case(case, seed, fin.cfg, fin.check);
    resolve_structure(std::slice::from_mut(&mut c));
    let answer = c
        .deferred
        .as_ref()
        .map(|d| crate::mlir_translate::accepts_text(&d.text));
    finish_case(c, answer, fin)
}

/// The journal entry of a checked case and, for a finding to be saved (the first few of
/// its bucket, see [`Buckets::save`]), the file test text (reduced), given the answer
/// of its deferred `mlir-translate` check (if it had one).
pub fn finish_case(
    c: Checked,
    translate: Option<Result<(), String>>,
    fin: &Finisher<'_>,
) -> (Entry, Option<String>) {
    let start = Instant::now();
    let Checked {
        case,
        seed,
        module: m,
        mut ocfg,
        report,
        features,
        ms,
        deferred,
        structure: _,
        structure_answer,
    } = c;
    let late = oracles::check::Late {
        translate: deferred.zip(translate),
        structure: structure_answer,
    };
    let report = oracles::check::fold_late(report, late, &mut ocfg);
    let CheckReport { verdict, ran } = report;
    let mut entry = Entry {
        case,
        seed,
        verdict: CaseVerdict::Agree,
        oracle: None,
        reason: None,
        known: None,
        bucket: None,
        file: None,
        oracles: ran,
        features,
        ms: 0.0,
        at_s: 0.0,
    };
    let mut file = None;
    match &verdict {
        Verdict::Agree => entry.verdict = CaseVerdict::Agree,
        Verdict::Skipped { kind, .. } => {
            entry.verdict = CaseVerdict::Skipped;
            entry.reason = Some(kind.as_str().into());
        }
        Verdict::Finding { oracle, detail } => {
            let known = crate::known_upstream::classify(&verdict).or_else(|| {
                let m = m.as_ref()?;
                crate::upstream_release::recheck::classify(m, &verdict, &ocfg.exec)
            });
            entry.oracle = Some(*oracle);
            entry.reason = Some(journal_reason(detail));
            // A known upstream bug is kept as generated: no time spent reducing it.
            let turn = known.is_none().then(|| fin.reduction_turn()).flatten();
            let save = if let Some(k) = known {
                entry.verdict = CaseVerdict::KnownUpstream;
                entry.known = Some(k.doc.to_string());
                true
            } else {
                entry.verdict = CaseVerdict::Finding;
                let sig = buckets::signature(*oracle, detail);
                let save = fin.buckets.save(&sig, turn.is_some());
                entry.bucket = Some(sig);
                save
            };
            if save {
                let budget = if turn.is_some() {
                    fin.reduce_budget()
                } else {
                    Duration::ZERO
                };
                let mut text = format!(
                    "// stdlower campaign case {case}: stdlower gen --swarm --seed {seed}\n"
                );
                if let Some(k) = known {
                    text.push_str(&format!("// known upstream LLVM bug: {}\n", k.doc));
                }
                text.push_str(&match &m {
                    Some(m) => {
                        let reduced = crate::watchdog::extended(
                            budget,
                            crate::watchdog::Phase::Reducing,
                            || reduce_hook(m, *oracle, detail, &ocfg, budget, fin.check),
                        );
                        file_test(&reduced, &verdict, &ocfg)
                    }
                    None => comment_lines(&format!("{verdict}\n(the generator panicked)")),
                });
                let dir = if known.is_some() {
                    "known-upstream"
                } else {
                    "findings"
                };
                drop(turn);
                entry.file = Some(format!("{dir}/case{case}-{oracle}.mlir"));
                file = Some(text);
            }
        }
    }
    entry.ms = ms + start.elapsed().as_secs_f64() * 1e3;
    (entry, file)
}

/// [`finish_case`], where a panic (of the harness: the oracles ran already) is the
/// case's finding, journaled without a file.
fn finish_caught(
    c: Checked,
    translate: Option<Result<(), String>>,
    fin: &Finisher<'_>,
) -> (Entry, Option<String>) {
    let (case, seed, ms) = (c.case, c.seed, c.ms);
    panics::catch(|| finish_case(c, translate, fin)).unwrap_or_else(|p| {
        let detail = p.detail();
        let entry = Entry {
            case,
            seed,
            verdict: CaseVerdict::Finding,
            oracle: Some(panics::ORACLE),
            reason: Some(journal_reason(&detail)),
            known: None,
            bucket: Some(buckets::signature(panics::ORACLE, &detail)),
            file: None,
            oracles: vec![panics::ORACLE],
            features: Vec::new(),
            ms,
            at_s: 0.0,
        };
        (entry, None)
    })
}

/// `text` as `// ` comment lines.
fn comment_lines(text: &str) -> String {
    text.lines().map(|l| format!("// {l}\n")).collect()
}

/// A finding as a file test (for `@main`); when that panics (the interpreter runs to fill in the
/// `run:` line, and may be the code that panics), the module without it, and when even
/// printing panics, the verdict alone.
pub fn file_test(m: &Module, verdict: &Verdict, cfg: &OracleConfig) -> String {
    panics::catch(|| oracles::finding_as_file_test(m, "main", verdict, cfg)).unwrap_or_else(|p| {
        let mut text = comment_lines(&format!("{verdict}\n(writing the run: line panicked: {p})"));
        match panics::catch(|| {
            converter::syntax::print_module(m, &converter::syntax::PrintOptions::default())
        }) {
            Ok(module) => text.push_str(&module),
            Err(p) => text.push_str(&comment_lines(&format!(
                "printing the module panicked: {p}"
            ))),
        }
        text
    })
}

/// Shrinks a finding before it is written (with the reducer, for at most `budget`). A
/// panic is reduced with `check` (the campaign's own) while it panics at the same
/// location; any other finding while the same oracle reports one.
pub fn reduce_hook(
    m: &Module,
    oracle: Oracle,
    detail: &str,
    cfg: &OracleConfig,
    budget: Duration,
    check: &CaseCheck,
) -> Module {
    if budget.is_zero() {
        return m.clone();
    }
    let reduced = panics::catch(|| {
        if oracle == panics::ORACLE {
            let at = Panic::location_in(detail).unwrap_or("unknown");
            let panics_there = |c: &Module| match panics::catch(|| check(c, cfg)) {
                Ok(Ok(_)) => false,
                Ok(Err(oracles::Panicked { panic: p, .. })) | Err(p) => p.location == at,
            };
            let rcfg = crate::reduce::ReduceConfig {
                limit: budget,
                reject_ub: false,
                exec: cfg.exec.clone(),
            };
            crate::reduce::reduce_with(m, "main", &panics_there, &rcfg).module
        } else {
            crate::reduce::reduce_finding(m, "main", oracle.as_str(), cfg, budget)
        }
    });
    reduced.unwrap_or_else(|_| m.clone())
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

/// Parses `--time` (the rule of every duration flag).
pub use crate::cmd::values::duration as parse_duration;

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
/// case is a finding of oracle `hang` ([`crate::watchdog`]). A generated case's own
/// in-process work is bounded by the interpreters' fuel (5 M Standard steps), far below.
pub const HANG_SECONDS: u64 = 30;

/// Seconds between progress lines (`STDLOWER_PROGRESS_SECONDS` overrides it).
pub const PROGRESS_SECONDS: f64 = 10.0;

fn progress_interval() -> Duration {
    std::env::var("STDLOWER_PROGRESS_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .map_or(Duration::from_secs_f64(PROGRESS_SECONDS), |s| {
            Duration::from_secs_f64(s.min(1e6))
        })
}

/// What the journal holds when a campaign starts (read as a stream).
struct Earlier {
    done: journal::CaseSet,
    summary: report::Summary,
    names: journal::Dictionary,
    /// The buckets of the findings saved so far, one name per saved finding.
    saved: Vec<String>,
    /// The latest case time.
    latest: f64,
}

fn read_earlier(jpath: &Path) -> Result<Earlier, CampaignError> {
    let mut e = Earlier {
        done: journal::CaseSet::default(),
        summary: report::Summary::default(),
        names: journal::Dictionary::default(),
        saved: Vec::new(),
        latest: 0.0,
    };
    e.names = journal::read_with_names(jpath, |entry| {
        if !e.done.insert(entry.case) {
            return; // journaled twice: the first one counts
        }
        e.latest = e.latest.max(entry.at_s);
        if entry.verdict == CaseVerdict::Finding && entry.file.is_some() {
            e.saved.extend(entry.bucket.clone());
        }
        e.summary.add(&entry);
    })?;
    Ok(e)
}

/// [`run`] with `check` in place of the oracles.
pub fn run_with(cfg: &CampaignConfig, check: &CaseCheck) -> Result<Report, CampaignError> {
    let findings_dir = cfg.out.join("findings");
    let known_dir = cfg.out.join("known-upstream");
    for d in [findings_dir, known_dir] {
        std::fs::create_dir_all(&d).map_err(|source| CampaignError::Create { path: d, source })?;
    }
    let jpath = cfg.out.join("journal.jsonl");
    let earlier = read_earlier(&jpath)?;
    if !earlier.done.is_empty() && !cfg.resume {
        return Err(CampaignError::AlreadyStarted {
            out: cfg.out.clone(),
            cases: earlier.done.len(),
        });
    }
    let mine = params::Params::of(cfg);
    if cfg.resume {
        if let Some(c) =
            params::load(&cfg.out)?.and_then(|was| params::resume_conflict(&was, &mine))
        {
            return Err(CampaignError::ResumeConflict(c));
        }
    }
    params::save(&cfg.out, &mine)?;
    let Earlier {
        done,
        summary,
        names,
        saved,
        latest: before,
    } = earlier;
    let (journal, healed) = Journal::open_with(&jpath, names)?;
    if healed.torn_bytes > 0 {
        eprintln!(
            "warning: {}: its last line was torn ({} bytes: the campaign stopped in the \
             middle of writing it); cut it off, and its case runs again",
            jpath.display(),
            healed.torn_bytes
        );
    }
    let journal = Mutex::new((journal, summary));
    let start = Instant::now();
    // Campaign time runs on across a resume: the journal's latest case time is where the
    // earlier runs stopped, so case times, `seconds`, checks/s and the `--time` budget
    // cover every run.
    let clock = start
        .checked_sub(Duration::from_secs_f64(before))
        .unwrap_or(start);
    let deadline = cfg.time.filter(|_| cfg.count.is_none()).map(|t| clock + t);
    let buckets = Buckets::new(cfg.reduce_per_bucket, saved.iter().map(String::as_str));
    let fin = Finisher::new(cfg, check, &buckets, deadline);
    let (shard_i, shard_n) = cfg.shard;
    let total = cfg.count.map(|c| {
        (0..c)
            .filter(|&i| i % shard_n == shard_i && !done.contains(i))
            .count() as u64
    });
    let bar = progress_bar(cfg, total);
    let tally = Tally::default();
    let queue = TranslateQueue::new(cfg.mlir_translate_batch);
    let upstream = upstream_queue::UpstreamQueue::new(cfg, |n| {
        n % shard_n == shard_i && !done.contains(n) && cfg.count.is_none_or(|c| n < c)
    });
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let io_error: Mutex<Option<CampaignError>> = Mutex::new(None);
    let record = |entry: Entry, file: Option<String>| {
        if let Err(e) = record_case(entry, file, cfg, clock, &journal, &tally, bar.as_ref()) {
            stop.store(true, Ordering::Relaxed);
            io_error
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get_or_insert(e);
        }
    };
    // The report of `summary`, what the journal holds.
    let report_of = |summary: report::Summary, interrupted: bool| {
        let mut rep = summary.finish(clock.elapsed().as_secs_f64());
        rep.seed = Some(cfg.seed);
        rep.shard = Some(format!("{shard_i}/{shard_n}"));
        rep.finding_files = finding_files(&cfg.out);
        rep.known_upstream_files = files_in(&cfg.out, "known-upstream");
        rep.interrupted = interrupted;
        rep
    };
    // With JIT groups, `jobs` workers serve `jobs * jit_group` threads (installed for
    // this campaign only).
    // Each thread holds one of the pool's `jobs` turns while it checks a case, so the
    // campaign keeps `jobs` cores busy however many threads wait for the JIT.
    let grouped = cfg.jit_group > 1 && cfg.oracle.jit && !cfg.oracle.jit_in_process;
    let pool = grouped.then(|| {
        std::sync::Arc::new(crate::jit_pool::JitPool::new(
            cfg.jobs.max(1),
            cfg.jit_group,
            crate::native::worker_command,
        ))
    });
    let threads = match &pool {
        Some(p) => {
            crate::jit_pool::install(p.clone());
            cfg.jobs.max(1) * cfg.jit_group
        }
        None => cfg.jobs.max(1),
    };
    let running = AtomicUsize::new(threads);
    // Threads abandoned in a hang that have not come back (see `watchdog`).
    let stuck = AtomicUsize::new(0);
    let watchdog = crate::watchdog::Watchdog::new(cfg.hang);
    // Each thread takes the next case as soon as it is free: no batch boundaries, so
    // no thread waits for another's slow case.
    let worker = || {
        let slot = watchdog.attach();
        // Abandoned in a hang: the watcher journaled the case and took over what the
        // thread held; whatever it finished since is dropped (left for --resume).
        let abandoned = |turn: Option<crate::jit_pool::Turn<'_>>| {
            if let Some(t) = turn {
                if !crate::watchdog::release(crate::watchdog::Token::PoolTurn) {
                    t.forsake();
                }
            }
            stuck.fetch_sub(1, Ordering::Relaxed);
        };
        // Finishes and records a checked case, watched; false when the thread was
        // abandoned meanwhile (the case is then the watcher's).
        let finish_one = |c: Checked, answer: Option<Result<(), String>>| {
            slot.begin(c.case, c.seed);
            crate::watchdog::phase(crate::watchdog::Phase::Finishing);
            let (entry, file) = finish_caught(c, answer, &fin);
            let mine = slot.end();
            if mine {
                record(entry, file);
            }
            mine
        };
        let over = || stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d);
        loop {
            if over() {
                break;
            }
            let case = next.fetch_add(1, Ordering::Relaxed);
            if cfg.count.is_some_and(|c| case >= c) {
                break;
            }
            if case % shard_n != shard_i || done.contains(case) {
                continue;
            }
            let prepared = upstream.as_ref().and_then(|q| q.take(case));
            let turn = pool.as_ref().map(|p| p.turn());
            // The wait for a turn may have outlasted the campaign (the case is left
            // for --resume).
            if over() {
                break;
            }
            let seed = case_seed(cfg.seed, case);
            slot.begin(case, seed);
            if turn.is_some() {
                crate::watchdog::hold(crate::watchdog::Token::PoolTurn);
            }
            let c = crate::upstream::with_prepared(prepared, || check_case(case, seed, cfg, check));
            if !slot.end() {
                return abandoned(turn);
            }
            let finish: Vec<(Checked, Option<Result<(), String>>)> =
                if c.deferred.is_some() || c.structure.is_some() {
                    queue
                        .push(c)
                        .into_iter()
                        .map(|(c, a)| (c, Some(a)))
                        .collect()
                } else {
                    vec![(c, None)]
                };
            for (c, answer) in finish {
                if !finish_one(c, answer) {
                    return abandoned(turn);
                }
            }
            // Between cases nothing is abandoned: the turn is still this thread's to
            // give back (when `turn` drops here).
            crate::watchdog::release(crate::watchdog::Token::PoolTurn);
        }
        // A thread out of cases runs the waiting mlir-translate cases while the
        // others finish theirs (the last one to stop runs whatever is left).
        // Stopped (an error, a signal), they are left to run again on --resume.
        if !stop.load(Ordering::Relaxed) {
            for (c, answer) in queue.flush() {
                if !finish_one(c, Some(answer)) {
                    return abandoned(None);
                }
            }
        }
        drop(slot);
        // Waited for here, so its CPU time counts before the process ends.
        crate::native::stop_worker();
        running.fetch_sub(1, Ordering::Relaxed);
    };
    // Ends the process with the report of what the journal holds (the journal lock
    // keeps it whole); cases still running are left to run again on --resume.
    let exit_now = |interrupted: bool| -> ! {
        if let Some(e) = io_error.lock().unwrap_or_else(|p| p.into_inner()).as_ref() {
            eprintln!("error: {e}");
        }
        let guard = journal.lock().unwrap_or_else(|p| p.into_inner());
        let rep = report_of(guard.1.clone(), interrupted);
        if let Err(e) = write_report(&cfg.out, &rep) {
            eprintln!("error: {e}");
        }
        if let Some(b) = &bar {
            b.finish();
        }
        let mut stdout = crate::output::Out::new();
        print_summary(&rep, &cfg.out, &mut stdout);
        std::process::exit(stdout.finish_with(exit_status(&rep)));
    };
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(worker);
        }
        // The watcher: progress lines, signals, hangs and the deadline.
        scope.spawn(|| {
            let every = progress_interval();
            let mut last = Instant::now();
            let mut signalled: Option<Instant> = None;
            let mut hangs = 0usize;
            let mut idle_since: Option<Instant> = None;
            loop {
                std::thread::sleep(Duration::from_millis(50));
                let hung = watchdog.overdue();
                for h in &hung {
                    stuck.fetch_add(1, Ordering::Relaxed);
                    running.fetch_sub(1, Ordering::Relaxed);
                    let (entry, file) = hang_entry(h, cfg, &fin);
                    record(entry, file);
                }
                hangs += hung.len();
                // Each hung thread holds a core the campaign cannot take back: after
                // --jobs of them, stop (before their turns are given back, so no
                // waiting thread starts another case).
                if !hung.is_empty()
                    && hangs >= cfg.jobs.max(1)
                    && !stop.swap(true, Ordering::Relaxed)
                {
                    eprintln!(
                        "campaign: {hangs} cases hung (each holds a core that cannot be \
                         taken back): stopping"
                    );
                }
                for h in &hung {
                    for t in &h.tokens {
                        match t {
                            crate::watchdog::Token::PoolTurn => {
                                if let Some(p) = &pool {
                                    p.give_back_turn_of_abandoned();
                                }
                            }
                            crate::watchdog::Token::ReductionTurn => {
                                fin.reducing.fetch_sub(1, Ordering::Relaxed);
                            }
                        }
                    }
                    if !stop.load(Ordering::Relaxed) {
                        running.fetch_add(1, Ordering::Relaxed);
                        scope.spawn(worker);
                    }
                }
                if running.load(Ordering::Relaxed) == 0 {
                    if stuck.load(Ordering::Relaxed) == 0 {
                        break;
                    }
                    // Only abandoned threads are left: give them a moment to come
                    // back, then end without them.
                    let since = *idle_since.get_or_insert_with(Instant::now);
                    if since.elapsed() >= SIGNAL_GRACE {
                        exit_now(signals::received().is_some());
                    }
                    continue;
                }
                if let (Some(sig), None) = (signals::received(), signalled) {
                    signalled = Some(Instant::now());
                    stop.store(true, Ordering::Relaxed);
                    eprintln!(
                        "campaign: {}: stopping (the cases in flight get {} s), then the report",
                        signals::name(sig),
                        SIGNAL_GRACE.as_secs()
                    );
                }
                if signalled.is_some_and(|t| t.elapsed() >= SIGNAL_GRACE) {
                    // Cases still running (a long reduction, native code) are left to
                    // run again on --resume.
                    exit_now(true);
                }
                if deadline.is_some_and(|d| Instant::now() >= d + DEADLINE_GRACE) {
                    eprintln!(
                        "campaign: cases still running {} s after --time: ending without \
                         them (they run again on --resume)",
                        DEADLINE_GRACE.as_secs()
                    );
                    exit_now(false);
                }
                if cfg.progress_lines && last.elapsed() >= every {
                    last = Instant::now();
                    eprintln!(
                        "{}",
                        progress_line(&tally, start, clock, total, cfg.time, deadline)
                    );
                }
            }
        });
    });
    if grouped {
        crate::jit_pool::uninstall();
    }
    if let Some(b) = &bar {
        b.finish();
    }
    if let Some(e) = io_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let summary = journal.lock().unwrap_or_else(|p| p.into_inner()).1.clone();
    let rep = report_of(summary, signals::received().is_some());
    write_report(&cfg.out, &rep)?;
    Ok(rep)
}

/// The exit status of a campaign's report: 128 + the signal when one stopped it,
/// 6 with findings, 0 without.
pub fn exit_status(rep: &Report) -> i32 {
    match signals::received() {
        Some(sig) if rep.interrupted => 128 + sig,
        _ if rep.findings > 0 => crate::exit::FAILED,
        _ => crate::exit::OK,
    }
}

/// A progress line: cases done in this run, findings, rate, and elapsed campaign time
/// against `--time`.
fn progress_line(
    tally: &Tally,
    start: Instant,
    clock: Instant,
    total: Option<u64>,
    time: Option<Duration>,
    deadline: Option<Instant>,
) -> String {
    let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
    let cases = n(&tally.agreed) + n(&tally.found) + n(&tally.known) + n(&tally.skipped);
    let run = start.elapsed().as_secs_f64();
    let rate = if run > 0.0 { cases as f64 / run } else { 0.0 };
    let of = total.map_or(String::new(), |t| format!("/{t}"));
    let elapsed = clock.elapsed().as_secs_f64();
    let time = match (time, deadline) {
        (Some(t), Some(_)) => format!("{elapsed:.0} s of {:.0} s", t.as_secs_f64()),
        _ => format!("{elapsed:.0} s"),
    };
    format!(
        "campaign: {cases}{of} cases, {} findings, {} known-upstream, {} skipped, {rate:.1}/s, {time}",
        n(&tally.found),
        n(&tally.known),
        n(&tally.skipped)
    )
}

/// Prints the summary of a report on standard output.
pub fn print_summary(rep: &Report, out: &Path, stdout: &mut crate::output::Out) {
    stdout.line(&format!(
        "checked {} modules in {:.1} s ({:.0}/s): {} agreed, {} findings, {} known-upstream, {} skipped{}; report: {}",
        rep.checked,
        rep.seconds,
        rep.checks_per_second,
        rep.agreed,
        rep.findings,
        rep.known_upstream,
        rep.skipped,
        if rep.interrupted { " (interrupted)" } else { "" },
        out.join("report.json").display()
    ));
    for b in &rep.buckets {
        let saved: Vec<String> = b
            .reproducers
            .iter()
            .map(|p| match &p.file {
                Some(f) => out.join(f).display().to_string(),
                None => format!("seed {}", p.seed),
            })
            .collect();
        stdout.line(&format!(
            "  {} x {}: {}",
            b.count,
            b.signature,
            saved.join(", ")
        ));
    }
    if let (Some(c), Some(t)) = (rep.first_finding_case, rep.first_finding_seconds) {
        stdout.line(&format!("  first finding: case {c}, after {t:.1} s"));
    }
    for (doc, n) in &rep.known_upstream_by_doc {
        stdout.line(&format!("  known upstream LLVM bug ({doc}): {n}"));
    }
}

/// The verdicts so far, for the progress bar.
#[derive(Default)]
struct Tally {
    agreed: AtomicU64,
    found: AtomicU64,
    skipped: AtomicU64,
    known: AtomicU64,
}

/// Records a finished case: its finding file (if any), its journal line, the report's
/// counters, the tally.
fn record_case(
    mut entry: Entry,
    file: Option<String>,
    cfg: &CampaignConfig,
    start: Instant,
    journal: &Mutex<(Journal, report::Summary)>,
    tally: &Tally,
    bar: Option<&indicatif::ProgressBar>,
) -> Result<(), CampaignError> {
    // To the millisecond, as journaled: a resumed campaign reads back the same.
    entry.at_s = (start.elapsed().as_secs_f64() * 1e3).round() / 1e3;
    match entry.verdict {
        CaseVerdict::Agree => &tally.agreed,
        CaseVerdict::Finding => &tally.found,
        CaseVerdict::KnownUpstream => &tally.known,
        CaseVerdict::Skipped => &tally.skipped,
    }
    .fetch_add(1, Ordering::Relaxed);
    let mut err = None;
    if let (Some(text), Some(name)) = (file, &entry.file) {
        if let Err(e) = std::fs::write(cfg.out.join(name), text) {
            err = Some(CampaignError::WriteFinding {
                name: name.clone(),
                source: e,
            });
        }
    }
    {
        let mut j = journal.lock().unwrap_or_else(|p| p.into_inner());
        match j.0.append(&entry) {
            Ok(()) => j.1.add(&entry),
            Err(e) => err = Some(CampaignError::Append(e)),
        }
    }
    if let Some(b) = bar {
        b.inc(1);
        b.set_message(format!(
            "{} findings, {} known-upstream, {} skipped",
            tally.found.load(Ordering::Relaxed),
            tally.known.load(Ordering::Relaxed),
            tally.skipped.load(Ordering::Relaxed)
        ));
    }
    err.map_or(Ok(()), Err)
}

fn progress_bar(cfg: &CampaignConfig, total: Option<u64>) -> Option<indicatif::ProgressBar> {
    if !cfg.progress {
        return None;
    }
    let style = indicatif::ProgressStyle::with_template(
        "{elapsed_precise} [{bar:30}] {pos}/{len} checks, {per_sec}, {msg}",
    )
    .ok()?
    .progress_chars("=> ");
    let b = match total {
        Some(t) => indicatif::ProgressBar::new(t),
        None => indicatif::ProgressBar::new_spinner(),
    };
    b.set_style(style);
    Some(b)
}

fn finding_files(out: &Path) -> Vec<String> {
    files_in(out, "findings")
}

/// The files of `out/sub`, as `sub/NAME`, sorted.
fn files_in(out: &Path, sub: &str) -> Vec<String> {
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

/// Writes `DIR/report.json`, and `DIR/report.html` charting `DIR/journal.jsonl`.
pub fn write_report(out: &Path, rep: &Report) -> Result<(), CampaignError> {
    write_report_with(out, rep, &[out.join("journal.jsonl")], out)
}

/// [`write_report`] for a report of `journals` whose file names are relative to `base`
/// (a merge's).
pub fn write_report_with(
    out: &Path,
    rep: &Report,
    journals: &[PathBuf],
    base: &Path,
) -> Result<(), CampaignError> {
    let text = serde_json::to_string_pretty(rep)?;
    let path = out.join("report.json");
    std::fs::write(&path, text + "\n")
        .map_err(|source| CampaignError::WriteReport { path, source })?;
    crate::report_html::write(out, rep, journals, base).map_err(|source| {
        CampaignError::WriteReport {
            path: out.join("report.html"),
            source,
        }
    })
}

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

#[cfg(test)]
mod fault_tests;

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
