//! The scheduler: `--jobs` threads (times `--jit-group` with JIT groups) that each take
//! the next case as soon as they are free (no batch boundaries, so no thread waits for
//! another's slow case), check it, and record it; a thread out of cases runs the
//! batches still waiting. The watcher beside them is [`super::watcher`].

use super::buckets::Buckets;
use super::finding::finish_caught;
use super::journal::{Entry, Journal};
use super::merge::{files_in, finding_files};
use super::progress::{progress_bar, Tally};
use super::report::{self, Report};
use super::translate_queue::TranslateQueue;
use super::upstream_queue::Ahead;
use super::{
    case_seed, check_case, print_summary, signals, start, write_report, CampaignConfig,
    CampaignError, CaseCheck, Checked, Finisher,
};
use crate::jit_pool::{JitPool, Turn};
use crate::process::watchdog::{self, Attached, Token, Watchdog};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// [`super::run`] with `check` in place of the oracles.
pub fn run_with(cfg: &CampaignConfig, check: &CaseCheck) -> Result<Report, CampaignError> {
    let opened = start::open(cfg)?;
    let buckets = Buckets::new(
        cfg.reduce_per_bucket,
        opened.saved.iter().map(String::as_str),
    );
    let run = Run::new(cfg, check, &buckets, opened);
    let threads = run.threads();
    run.running.store(threads, Ordering::Relaxed);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| run.worker());
        }
        scope.spawn(|| run.watch(scope));
        if let Some(q) = &run.upstream {
            scope
                .spawn(|| q.lower_ahead(|| run.over() || run.running.load(Ordering::Relaxed) == 0));
        }
    });
    crate::upstream_release::inproc::shutdown();
    run.end()
}

/// A thread abandoned in a hang: the watcher journaled its case and took over what it
/// held; whatever it finishes since is dropped (left for `--resume`).
pub(super) struct Abandoned;

/// What a campaign's threads share while it runs.
pub(super) struct Run<'a> {
    pub(super) cfg: &'a CampaignConfig,
    check: &'a CaseCheck,
    pub(super) fin: Finisher<'a>,
    /// The journal, and the summary of everything in it.
    journal: Mutex<(Journal, report::Summary)>,
    /// The cases journaled before this run.
    done: super::journal::CaseSet,
    /// When this run started.
    pub(super) start: Instant,
    /// When the campaign started: time runs on across a resume (the journal's latest
    /// case time is where the earlier runs stopped), so case times, `seconds`,
    /// checks/s and the `--time` budget cover every run.
    pub(super) clock: Instant,
    /// When `--time` is up.
    pub(super) deadline: Option<Instant>,
    /// The cases this run has to check (`None`: until `--time`).
    pub(super) total: Option<u64>,
    pub(super) bar: Option<indicatif::ProgressBar>,
    pub(super) tally: Tally,
    queue: TranslateQueue,
    /// The sampled `upstream` cases' LLVM IR, lowered by upstream in blocks.
    upstream: Option<super::upstream_queue::UpstreamQueue<'a>>,
    next: AtomicU64,
    pub(super) stop: AtomicBool,
    io_error: Mutex<Option<CampaignError>>,
    /// The JIT workers shared by the threads (with JIT groups).
    pub(super) pool: Option<Arc<JitPool>>,
    /// Threads checking cases.
    pub(super) running: AtomicUsize,
    /// Threads abandoned in a hang that have not come back (see [`crate::process::watchdog`]).
    pub(super) stuck: AtomicUsize,
    pub(super) watchdog: Watchdog,
}

impl<'a> Run<'a> {
    fn new(
        cfg: &'a CampaignConfig,
        check: &'a CaseCheck,
        buckets: &'a Buckets,
        opened: start::Opened,
    ) -> Run<'a> {
        let start = Instant::now();
        let clock = start.checked_sub(opened.before).unwrap_or(start);
        let deadline = cfg.time.filter(|_| cfg.count.is_none()).map(|t| clock + t);
        let (shard_i, shard_n) = cfg.shard;
        let done = opened.done;
        let not_done = done.clone();
        let upstream = super::upstream_queue::UpstreamQueue::new(cfg, move |n| {
            n % shard_n == shard_i && !not_done.contains(n) && cfg.count.is_none_or(|c| n < c)
        });
        let total = cfg.count.map(|c| {
            (0..c)
                .filter(|&i| i % shard_n == shard_i && !done.contains(i))
                .count() as u64
        });
        Run {
            cfg,
            check,
            fin: Finisher::new(cfg, check, buckets, deadline),
            journal: Mutex::new((opened.journal, opened.summary)),
            done,
            start,
            clock,
            deadline,
            total,
            bar: progress_bar(cfg, total),
            tally: Tally::default(),
            queue: TranslateQueue::new(cfg.mlir_translate_batch),
            upstream,
            next: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            io_error: Mutex::new(None),
            pool: jit_pool(cfg),
            running: AtomicUsize::new(0),
            stuck: AtomicUsize::new(0),
            watchdog: Watchdog::new(cfg.hang),
        }
    }

    /// The checking threads: `jobs`, times `jit_group` with JIT groups.
    fn threads(&self) -> usize {
        match &self.pool {
            Some(_) => self.cfg.jobs.max(1) * self.cfg.jit_group,
            None => self.cfg.jobs.max(1),
        }
    }

    /// One checking thread: takes the next case until there is none, then runs the
    /// batches still waiting.
    pub(super) fn worker(&self) {
        let slot = self.watchdog.attach();
        if self.work(&slot).is_err() {
            return;
        }
        drop(slot);
        // Waited for here, so its CPU time counts before the process ends.
        crate::native::stop_worker();
        self.running.fetch_sub(1, Ordering::Relaxed);
    }

    fn work(&self, slot: &Attached) -> Result<(), Abandoned> {
        while let Some(case) = self.next_case() {
            let seed = case_seed(self.cfg.seed, case);
            // The watched work starts here: the case's module and upstream's lowering of
            // it, made with its block's (before the JIT turn, which the batch's
            // processes do not need; waiting for the turn is not the case's work).
            slot.begin(case, seed);
            let ahead = self
                .upstream
                .as_ref()
                .map(|q| q.take(case))
                .unwrap_or_default();
            let turn = self.pool.as_ref().map(|p| watchdog::outside(|| p.turn()));
            // The wait for a turn may have outlasted the campaign (the case is left
            // for --resume).
            if self.over() {
                if !slot.end() {
                    return Err(self.abandoned(turn));
                }
                break;
            }
            self.one_case(case, seed, slot, turn, ahead)?;
        }
        // A thread out of cases runs the waiting mlir-translate cases while the
        // others finish theirs (the last one to stop runs whatever is left).
        // Stopped (an error, a signal), they are left to run again on --resume.
        if !self.stop.load(Ordering::Relaxed) {
            for (c, answer) in self.queue.flush() {
                if !self.finish_one(slot, c, Some(answer)) {
                    return Err(self.abandoned(None));
                }
            }
        }
        Ok(())
    }

    /// Stopped (an error, a signal, a hang too many) or past `--time`.
    pub(super) fn over(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The next case of this shard not journaled yet, unless the campaign is over.
    fn next_case(&self) -> Option<u64> {
        let (shard_i, shard_n) = self.cfg.shard;
        loop {
            if self.over() {
                return None;
            }
            let case = self.next.fetch_add(1, Ordering::Relaxed);
            if self.cfg.count.is_some_and(|c| case >= c) {
                return None;
            }
            if case % shard_n == shard_i && !self.done.contains(case) {
                return Some(case);
            }
        }
    }

    /// Checks `case` (its slot begun), holding `turn`, with what the upstream queue made
    /// ahead for it; records it, or queues it for its batch and records the cases that
    /// batch finished.
    fn one_case(
        &self,
        case: u64,
        seed: u64,
        slot: &Attached,
        turn: Option<Turn<'_>>,
        ahead: Ahead,
    ) -> Result<(), Abandoned> {
        if turn.is_some() {
            watchdog::hold(Token::PoolTurn);
        }
        let Ahead {
            generated,
            prepared,
        } = ahead;
        let c = crate::upstream::with_prepared(prepared, || {
            check_case(case, seed, generated, self.cfg, self.check)
        });
        if !slot.end() {
            return Err(self.abandoned(turn));
        }
        let finish: Vec<(Checked, Option<Result<(), String>>)> =
            if c.deferred.is_some() || c.structure.is_some() {
                self.queue
                    .push(c)
                    .into_iter()
                    .map(|(c, a)| (c, Some(a)))
                    .collect()
            } else {
                vec![(c, None)]
            };
        for (c, answer) in finish {
            if !self.finish_one(slot, c, answer) {
                return Err(self.abandoned(turn));
            }
        }
        // Between cases nothing is abandoned: the turn is still this thread's to give
        // back (when `turn` drops here).
        watchdog::release(Token::PoolTurn);
        Ok(())
    }

    /// Finishes and records a checked case, watched; false when the thread was
    /// abandoned meanwhile (the case is then the watcher's).
    fn finish_one(&self, slot: &Attached, c: Checked, answer: Option<Result<(), String>>) -> bool {
        slot.begin(c.case, c.seed);
        watchdog::phase(watchdog::Phase::Finishing);
        let (entry, file) = finish_caught(c, answer, &self.fin);
        let mine = slot.end();
        if mine {
            self.record(entry, file);
        }
        mine
    }

    /// Gives back the pool turn of a thread abandoned in a hang, unless the watcher
    /// did, and counts the thread back.
    fn abandoned(&self, turn: Option<Turn<'_>>) -> Abandoned {
        if let Some(t) = turn {
            if !watchdog::release(Token::PoolTurn) {
                t.forsake();
            }
        }
        self.stuck.fetch_sub(1, Ordering::Relaxed);
        Abandoned
    }

    /// Records a finished case (see [`record_case`]); an I/O error stops the campaign
    /// and is its error.
    pub(super) fn record(&self, entry: Entry, file: Option<String>) {
        if let Err(e) = self.record_case(entry, file) {
            self.stop.store(true, Ordering::Relaxed);
            self.io_error
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get_or_insert(e);
        }
    }

    /// Records a finished case: its finding file (if any), its journal line, the
    /// report's counters, the tally.
    fn record_case(&self, mut entry: Entry, file: Option<String>) -> Result<(), CampaignError> {
        // To the millisecond, as journaled: a resumed campaign reads back the same.
        entry.at_s = (self.clock.elapsed().as_secs_f64() * 1e3).round() / 1e3;
        self.tally.count(entry.verdict);
        let mut err = None;
        if let (Some(text), Some(name)) = (file, &entry.file) {
            if let Err(e) = std::fs::write(self.cfg.out.join(name), text) {
                err = Some(CampaignError::WriteFinding {
                    name: name.clone(),
                    source: e,
                });
            }
        }
        {
            let mut j = self.journal.lock().unwrap_or_else(|p| p.into_inner());
            match j.0.append(&entry) {
                Ok(()) => j.1.add(&entry),
                Err(e) => err = Some(CampaignError::Append(e)),
            }
        }
        if let Some(b) = &self.bar {
            self.tally.show(b);
        }
        err.map_or(Ok(()), Err)
    }

    /// The report of `summary`, what the journal holds.
    fn report_of(&self, summary: report::Summary, interrupted: bool) -> Report {
        let (shard_i, shard_n) = self.cfg.shard;
        let mut rep = summary.finish(self.clock.elapsed().as_secs_f64());
        rep.seed = Some(self.cfg.seed);
        rep.shard = Some(format!("{shard_i}/{shard_n}"));
        rep.finding_files = finding_files(&self.cfg.out);
        rep.known_upstream_files = files_in(&self.cfg.out, "known-upstream");
        rep.interrupted = interrupted;
        rep
    }

    /// Ends the process with the report of what the journal holds (the journal lock
    /// keeps it whole); cases still running are left to run again on --resume.
    pub(super) fn exit_now(&self, interrupted: bool) -> ! {
        if let Some(e) = self
            .io_error
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
        {
            eprintln!("error: {e}");
        }
        let guard = self.journal.lock().unwrap_or_else(|p| p.into_inner());
        let rep = self.report_of(guard.1.clone(), interrupted);
        if let Err(e) = write_report(&self.cfg.out, &rep) {
            eprintln!("error: {e}");
        }
        if let Some(b) = &self.bar {
            b.finish();
        }
        let mut stdout = crate::process::output::Out::new();
        print_summary(&rep, &self.cfg.out, &mut stdout);
        std::process::exit(stdout.finish_with(super::exit_status(&rep)));
    }

    /// The end of a run whose threads all stopped: the report, written.
    fn end(self) -> Result<Report, CampaignError> {
        if self.pool.is_some() {
            crate::jit_pool::uninstall();
        }
        if let Some(b) = &self.bar {
            b.finish();
        }
        let io_error = self
            .io_error
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
        if let Some(e) = io_error {
            return Err(e);
        }
        let summary = self
            .journal
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .1
            .clone();
        let rep = self.report_of(summary, signals::received().is_some());
        write_report(&self.cfg.out, &rep)?;
        Ok(rep)
    }
}

/// The JIT workers the threads share, installed for this campaign (with JIT groups:
/// `--jit-group` above 1, the JIT in its worker processes).
fn jit_pool(cfg: &CampaignConfig) -> Option<Arc<JitPool>> {
    let grouped = cfg.jit_group > 1 && cfg.oracle.jit && !cfg.oracle.jit_in_process;
    grouped.then(|| {
        let pool = Arc::new(JitPool::new(
            cfg.jobs.max(1),
            cfg.jit_group,
            crate::native::worker_command,
        ));
        crate::jit_pool::install(pool.clone());
        pool
    })
}
