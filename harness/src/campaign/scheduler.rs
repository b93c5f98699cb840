//! The scheduler: the threads that take the next case as soon as they are free, the
//! watcher (progress lines, signals, hangs, the deadline), and the journal they record to.

use super::*;
use buckets::Buckets;
use journal::{CaseVerdict, Entry, Journal};
use report::Report;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use translate_queue::TranslateQueue;

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
            let c = check_case(case, seed, cfg, check);
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

/// What the journal holds when a campaign starts (read as a stream).
pub(super) struct Earlier {
    done: journal::CaseSet,
    summary: report::Summary,
    names: journal::Dictionary,
    /// The buckets of the findings saved so far, one name per saved finding.
    saved: Vec<String>,
    /// The latest case time.
    latest: f64,
}

pub(super) fn read_earlier(jpath: &Path) -> Result<Earlier, CampaignError> {
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

/// Records a finished case: its finding file (if any), its journal line, the report's
/// counters, the tally.
pub(super) fn record_case(
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
