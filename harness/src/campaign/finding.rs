//! What happens to a checked case: its journal entry and, for a finding, its bucket,
//! its reduction and its file test (a hang's too).

use super::journal::{CaseVerdict, Entry};
use super::{buckets, generate_case, CampaignConfig, CaseCheck, Checked};
use crate::known_upstream::KnownBug;
use crate::oracles::{self, CheckReport, Oracle, OracleConfig, Verdict};
use crate::process::panics::{self, Panic};
use buckets::Buckets;
use converter::ir::Module;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// What finishing a case needs besides the case: the campaign, its check, its buckets,
/// its deadline, and how many of its threads are reducing a finding.
pub struct Finisher<'a> {
    pub(super) cfg: &'a CampaignConfig,
    pub(super) check: &'a CaseCheck,
    pub(super) buckets: &'a Buckets,
    /// When the campaign's `--time` is up (reductions stop there).
    pub(super) deadline: Option<Instant>,
    reducing: AtomicUsize,
}

/// A thread's turn to reduce (see [`Finisher::reduction_turn`]), given back on drop.
struct ReductionTurn<'a>(&'a AtomicUsize);

impl Drop for ReductionTurn<'_> {
    fn drop(&mut self) {
        // Unless the watcher gave it back when it abandoned this thread in a hang.
        if crate::process::watchdog::release(crate::process::watchdog::Token::ReductionTurn) {
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
        crate::process::watchdog::hold(crate::process::watchdog::Token::ReductionTurn);
        let turn = ReductionTurn(&self.reducing);
        (self.reducing.fetch_add(1, Ordering::Relaxed) < most).then_some(turn)
    }

    /// Gives back the reduction turn of a thread abandoned in a hang.
    pub(super) fn give_back_reduction_turn(&self) {
        self.reducing.fetch_sub(1, Ordering::Relaxed);
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
        interp,
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
    let file = match &verdict {
        Verdict::Agree => None,
        Verdict::Skipped { kind, .. } => {
            entry.verdict = CaseVerdict::Skipped;
            entry.reason = Some(kind.as_str().into());
            None
        }
        Verdict::Finding { .. } => {
            let case = CaseModule {
                m: m.as_ref(),
                interp: interp.as_ref(),
            };
            finish_finding(&mut entry, case, &verdict, &ocfg, fin)
        }
    };
    entry.ms = ms + start.elapsed().as_secs_f64() * 1e3;
    (entry, file)
}

/// A checked case's module (`None` when the generator panicked) and the Standard
/// interpreter's outcome of `@main`, when the check made it.
#[derive(Clone, Copy)]
struct CaseModule<'a> {
    m: Option<&'a Module>,
    interp: Option<&'a crate::exec::Outcome>,
}

/// A finding's journal fields (its oracle, reason, and known upstream bug or bucket)
/// and, when it is saved, its file test (reduced when this thread has a turn).
fn finish_finding(
    entry: &mut Entry,
    case: CaseModule<'_>,
    verdict: &Verdict,
    ocfg: &OracleConfig,
    fin: &Finisher<'_>,
) -> Option<String> {
    let Verdict::Finding { oracle, detail } = verdict else {
        return None;
    };
    let known = crate::known_upstream::classify(verdict).or_else(|| {
        let m = case.m?;
        crate::upstream::recheck::classify(m, verdict, &ocfg.exec)
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
        let sig = crate::verdict::signature(*oracle, detail);
        let save = fin.buckets.save(&sig, turn.is_some());
        entry.bucket = Some(sig);
        save
    };
    if !save {
        return None;
    }
    let budget = if turn.is_some() {
        fin.reduce_budget()
    } else {
        Duration::ZERO
    };
    let text = finding_text(entry, known, case, verdict, ocfg, budget, fin.check);
    let dir = if known.is_some() {
        "known-upstream"
    } else {
        "findings"
    };
    drop(turn);
    entry.file = Some(format!("{dir}/case{}-{oracle}.mlir", entry.case));
    Some(text)
}

/// A saved finding's file: how to regenerate it, the known upstream bug it is (if
/// one), and its module reduced for at most `budget`, as a file test (unreduced, its
/// `run:` line is the check's own interpreter outcome).
fn finding_text(
    entry: &Entry,
    known: Option<&KnownBug>,
    found: CaseModule<'_>,
    verdict: &Verdict,
    ocfg: &OracleConfig,
    budget: Duration,
    check: &CaseCheck,
) -> String {
    let (case, seed) = (entry.case, entry.seed);
    let mut text =
        format!("// stdlower campaign case {case}: stdlower gen --swarm --seed {seed}\n");
    if let Some(k) = known {
        text.push_str(&format!("// known upstream LLVM bug: {}\n", k.doc));
    }
    let Verdict::Finding { oracle, detail } = verdict else {
        return text;
    };
    text.push_str(&match found.m {
        Some(m) => {
            let reduced = crate::process::watchdog::extended(
                budget,
                crate::process::watchdog::Phase::Reducing,
                || reduce_hook(m, *oracle, detail, ocfg, budget, check),
            );
            match reduced {
                Some(r) => file_test(&r, verdict, ocfg, None),
                None => file_test(m, verdict, ocfg, found.interp),
            }
        }
        None => comment_lines(&format!("{verdict}\n(the generator panicked)")),
    });
    text
}

/// [`finish_case`], where a panic (of the harness: the oracles ran already) is the
/// case's finding, journaled without a file.
pub(super) fn finish_caught(
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
            oracle: Some(Oracle::Panic),
            reason: Some(journal_reason(&detail)),
            known: None,
            bucket: Some(crate::verdict::signature(Oracle::Panic, &detail)),
            file: None,
            oracles: vec![Oracle::Panic],
            features: Vec::new(),
            ms,
            at_s: 0.0,
        };
        (entry, None)
    })
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

/// The journal entry of a case that hung ([`crate::process::watchdog`]) and, for the first of
/// its bucket, its file test: the module as generated (a hang cannot be reduced in
/// this process), written by a thread of its own that is given a few seconds.
pub(super) fn hang_entry(
    h: &crate::process::watchdog::Hung,
    cfg: &CampaignConfig,
    fin: &Finisher<'_>,
) -> (Entry, Option<String>) {
    let detail = h.detail(cfg.hang.unwrap_or_default());
    let sig = crate::verdict::signature(Oracle::Hang, &detail);
    let save = fin.buckets.save(&sig, false);
    let name = format!("findings/case{}-{}.mlir", h.case, Oracle::Hang);
    // A hang in the generator would hang the file's writer too: the seed says it all.
    let module = h.phase != crate::process::watchdog::Phase::Generating;
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
                file_test(&m, &verdict, &ocfg, None)
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

/// How long a hang's file test may take to write (it runs the interpreter for the
/// `run:` line, on a thread of its own).
const HANG_FILE_SECONDS: Duration = Duration::from_secs(2);

/// `text` as `// ` comment lines.
fn comment_lines(text: &str) -> String {
    text.lines().map(|l| format!("// {l}\n")).collect()
}

/// A finding as a file test (for `@main`), its `run:` line from `interp` when the
/// check's interpreter outcome of `m` is known; when that panics (the interpreter runs
/// to fill in the `run:` line, and may be the code that panics), the module without it,
/// and when even printing panics, the verdict alone.
pub fn file_test(
    m: &Module,
    verdict: &Verdict,
    cfg: &OracleConfig,
    interp: Option<&crate::exec::Outcome>,
) -> String {
    let written =
        panics::catch(|| crate::reduce::finding_as_file_test(m, "main", verdict, cfg, interp));
    written.unwrap_or_else(|p| {
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
/// location; any other finding while the same oracle reports one. `None`: not reduced
/// (no budget, or the reduction panicked): the module is written as it was found.
pub fn reduce_hook(
    m: &Module,
    oracle: Oracle,
    detail: &str,
    cfg: &OracleConfig,
    budget: Duration,
    check: &CaseCheck,
) -> Option<Module> {
    if budget.is_zero() {
        return None;
    }
    let reduced = panics::catch(|| {
        if oracle == Oracle::Panic {
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
            crate::reduce::reduce_finding(m, "main", oracle, cfg, budget)
        }
    });
    reduced.ok()
}
