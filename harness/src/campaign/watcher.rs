//! The watcher: a thread beside a campaign's checking threads that, every 50 ms,
//! journals the cases the watchdog finds hung (and starts a thread in place of each),
//! stops on SIGTERM/SIGINT, ends the campaign [`DEADLINE_GRACE`] past its `--time`,
//! and prints the progress lines.

use super::finding::hang_entry;
use super::progress::{progress_interval, progress_line};
use super::scheduler::Run;
use super::{signals, DEADLINE_GRACE, SIGNAL_GRACE};
use crate::process::watchdog::Token;
use std::sync::atomic::Ordering;
use std::thread::Scope;
use std::time::{Duration, Instant};

/// What the watcher keeps from one look to the next.
struct Watch {
    /// When the last progress line was printed.
    last: Instant,
    /// When a signal was first seen.
    signalled: Option<Instant>,
    /// Cases found hung so far.
    hangs: usize,
    /// Since when only abandoned threads are left.
    idle_since: Option<Instant>,
}

impl<'a> Run<'a> {
    /// Watches until every checking thread has stopped (or ends the process).
    pub(super) fn watch<'s>(&'s self, scope: &'s Scope<'s, '_>) {
        let every = progress_interval();
        let mut w = Watch {
            last: Instant::now(),
            signalled: None,
            hangs: 0,
            idle_since: None,
        };
        loop {
            std::thread::sleep(Duration::from_millis(50));
            self.take_hangs(scope, &mut w.hangs);
            if self.running.load(Ordering::Relaxed) == 0 {
                if self.stuck.load(Ordering::Relaxed) == 0 {
                    break;
                }
                // Only abandoned threads are left: give them a moment to come back,
                // then end without them.
                let since = *w.idle_since.get_or_insert_with(Instant::now);
                if since.elapsed() >= SIGNAL_GRACE {
                    self.exit_now(signals::received().is_some());
                }
                continue;
            }
            self.watch_signal(&mut w.signalled);
            self.watch_deadline();
            if self.cfg.progress_lines && w.last.elapsed() >= every {
                w.last = Instant::now();
                eprintln!(
                    "{}",
                    progress_line(
                        &self.tally,
                        self.start,
                        self.clock,
                        self.total,
                        self.cfg.time,
                        self.deadline
                    )
                );
            }
        }
    }

    /// Journals the cases found hung, gives back what their threads held, and starts a
    /// thread in place of each (unless the campaign is stopping).
    fn take_hangs<'s>(&'s self, scope: &'s Scope<'s, '_>, hangs: &mut usize) {
        let hung = self.watchdog.overdue();
        for h in &hung {
            self.stuck.fetch_add(1, Ordering::Relaxed);
            self.running.fetch_sub(1, Ordering::Relaxed);
            let (entry, file) = hang_entry(h, self.cfg, &self.fin);
            self.record(entry, file);
        }
        *hangs += hung.len();
        // Each hung thread holds a core the campaign cannot take back: after --jobs of
        // them, stop (before their turns are given back, so no waiting thread starts
        // another case).
        if !hung.is_empty()
            && *hangs >= self.cfg.jobs.max(1)
            && !self.stop.swap(true, Ordering::Relaxed)
        {
            eprintln!(
                "campaign: {hangs} cases hung (each holds a core that cannot be taken \
                 back): stopping"
            );
        }
        for h in &hung {
            for t in &h.tokens {
                match t {
                    Token::PoolTurn => {
                        if let Some(p) = &self.pool {
                            p.give_back_turn_of_abandoned();
                        }
                    }
                    Token::ReductionTurn => self.fin.give_back_reduction_turn(),
                }
            }
            if !self.stop.load(Ordering::Relaxed) {
                self.running.fetch_add(1, Ordering::Relaxed);
                scope.spawn(|| self.worker());
            }
        }
    }

    /// On the first SIGTERM/SIGINT, stops taking cases; [`SIGNAL_GRACE`] later, ends
    /// the process with the report.
    fn watch_signal(&self, signalled: &mut Option<Instant>) {
        if let (Some(sig), None) = (signals::received(), *signalled) {
            *signalled = Some(Instant::now());
            self.stop.store(true, Ordering::Relaxed);
            eprintln!(
                "campaign: {}: stopping (the cases in flight get {} s), then the report",
                signals::name(sig),
                SIGNAL_GRACE.as_secs()
            );
        }
        if signalled.is_some_and(|t| t.elapsed() >= SIGNAL_GRACE) {
            // Cases still running (a long reduction, native code) are left to run
            // again on --resume.
            self.exit_now(true);
        }
    }

    /// Ends the process with the report [`DEADLINE_GRACE`] past `--time`.
    fn watch_deadline(&self) {
        if self
            .deadline
            .is_some_and(|d| Instant::now() >= d + DEADLINE_GRACE)
        {
            eprintln!(
                "campaign: cases still running {} s after --time: ending without them \
                 (they run again on --resume)",
                DEADLINE_GRACE.as_secs()
            );
            self.exit_now(false);
        }
    }
}
