//! Hangs as findings. A campaign checks each case on a thread of its own process; a
//! converter (or verifier, interpreter, generator) that loops forever would hold that
//! thread, and the campaign, forever. The watchdog times each thread's case: when its
//! in-process work runs on for longer than the hang limit (`campaign --hang-seconds`),
//! the case is a finding of oracle `hang`, journaled by the campaign's watcher, and the
//! thread is *abandoned*: it cannot be stopped, so it is left running and whatever it
//! answers later is dropped ([`Attached::end`]).
//!
//! Only in-process work counts. Time spent waiting for a child process (a JIT worker,
//! `mlir-opt`, `mlir-translate`, a C compiler) does not: those have timeouts of their
//! own, and the code that waits for them says so with [`outside`]. A reduction gets its
//! budget on top of the limit ([`extended`]). Both are no-ops on a thread the watchdog
//! does not watch (`check`, `test`, the fuzz target).

use std::cell::RefCell;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a watched thread is doing: part of a hang finding's detail and signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Phase {
    /// Generating the case's module.
    Generating = 0,
    /// The oracles: verifiers, lowerings, interpreters, comparisons.
    Checking = 1,
    /// Preparing the `upstream-structure` comparison.
    PreparingStructure = 2,
    /// Reducing a finding.
    Reducing = 3,
    /// Writing a finding, journaling.
    Finishing = 4,
    /// Generating and exporting a block of cases for upstream's tools (the campaign's
    /// `upstream` batch, ahead of their checks).
    PreparingUpstream = 5,
    /// The `tv` oracle's solver queries (time the hang limit is extended by).
    Proving = 6,
}

impl Phase {
    fn from_u8(v: u8) -> Phase {
        match v {
            0 => Phase::Generating,
            1 => Phase::Checking,
            2 => Phase::PreparingStructure,
            3 => Phase::Reducing,
            5 => Phase::PreparingUpstream,
            6 => Phase::Proving,
            _ => Phase::Finishing,
        }
    }

    /// What the thread was doing, as a finding says it.
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Generating => "generating the module",
            Phase::Checking => "checking the module",
            Phase::PreparingStructure => "preparing the upstream-structure comparison",
            Phase::Reducing => "reducing a finding",
            Phase::Finishing => "writing a finding",
            Phase::PreparingUpstream => "preparing a block of cases for upstream's tools",
            Phase::Proving => "proving the lowering (the tv oracle)",
        }
    }
}

const IDLE: u8 = 0;
const RUNNING: u8 = 1;
const ABANDONED: u8 = 2;

/// One watched thread's case.
struct Slot {
    origin: Instant,
    state: AtomicU8,
    case: AtomicU64,
    seed: AtomicU64,
    phase: AtomicU8,
    /// Milliseconds after `origin` when the current stretch of in-process work began.
    since_ms: AtomicU64,
    /// Milliseconds allowed on top of the limit (a reduction's budget).
    extra_ms: AtomicU64,
    /// How many [`outside`] calls the thread is in.
    outside: AtomicU32,
    /// The [`Token`]s the thread holds, as bits.
    tokens: AtomicU8,
}

impl Slot {
    fn now_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64
    }

    fn restart_clock(&self) {
        self.since_ms.store(self.now_ms(), Ordering::Relaxed);
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Arc<Slot>>> = const { RefCell::new(None) };
}

fn with_current(f: impl FnOnce(&Slot)) {
    CURRENT.with(|c| {
        if let Some(s) = c.borrow().as_ref() {
            f(s)
        }
    })
}

/// Runs `on_exit` when dropped: what [`outside`] and [`extended`] undo, also when the
/// work they wrap panics (a campaign catches panics and goes on).
struct OnExit<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnExit<F> {
    fn drop(&mut self) {
        (self.0)()
    }
}

/// Runs `f`, a wait for a child process (which has a timeout of its own), without
/// counting its time as this thread's in-process work.
pub fn outside<T>(f: impl FnOnce() -> T) -> T {
    with_current(|s| {
        s.outside.fetch_add(1, Ordering::AcqRel);
    });
    let _undo = OnExit(|| {
        with_current(|s| {
            // The clock first: the watcher reads `outside` (acquire), then the clock.
            s.restart_clock();
            s.outside.fetch_sub(1, Ordering::Release);
        })
    });
    f()
}

/// Runs `f` with `extra` allowed on top of the hang limit (a reduction of at most
/// `extra`), as phase `phase`; the phase before is restored after.
pub fn extended<T>(extra: Duration, phase: Phase, f: impl FnOnce() -> T) -> T {
    let extra_ms = extra.as_millis() as u64;
    let mut before = None;
    with_current(|s| {
        s.extra_ms.fetch_add(extra_ms, Ordering::AcqRel);
        before = Some(s.phase.swap(phase as u8, Ordering::Relaxed));
    });
    let _undo = OnExit(|| {
        with_current(|s| {
            if let Some(p) = before {
                s.phase.store(p, Ordering::Relaxed);
            }
            s.restart_clock();
            s.extra_ms.fetch_sub(extra_ms, Ordering::Release);
        })
    });
    f()
}

/// Something a watched thread holds that the campaign must get back if the thread is
/// abandoned: whoever [`release`]s it first gives it back (the thread, or the watcher
/// through [`Hung::tokens`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Token {
    /// A turn of the JIT pool ([`crate::jit_pool::JitPool::turn`]).
    PoolTurn = 1,
    /// A turn to reduce a finding.
    ReductionTurn = 2,
}

/// Records that this thread holds `t` (nothing when the thread is not watched).
pub fn hold(t: Token) {
    with_current(|s| {
        s.tokens.fetch_or(t as u8, Ordering::AcqRel);
    });
}

/// Whether this thread is to give `t` back itself: true when it is not watched, or
/// holds `t` still; false when the watcher took it over when it abandoned the thread.
pub fn release(t: Token) -> bool {
    let mut mine = true;
    with_current(|s| {
        mine = s.tokens.fetch_and(!(t as u8), Ordering::AcqRel) & (t as u8) != 0;
    });
    mine
}

/// Marks what this thread is doing now.
pub fn phase(p: Phase) {
    with_current(|s| s.phase.store(p as u8, Ordering::Relaxed));
}

/// Marks which case this thread works on now (a thread may finish other threads'
/// cases: a campaign's batches are finished by whichever thread completes them).
pub fn working_on(case: u64, seed: u64) {
    with_current(|s| {
        s.case.store(case, Ordering::Relaxed);
        s.seed.store(seed, Ordering::Relaxed);
    });
}

/// A case that hung.
#[derive(Clone, Debug, PartialEq)]
pub struct Hung {
    pub case: u64,
    pub seed: u64,
    pub phase: Phase,
    /// How long its last stretch of in-process work had run.
    pub seconds: f64,
    /// The [`Token`]s it held, now the watcher's to give back.
    pub tokens: Vec<Token>,
}

impl Hung {
    /// The finding's detail; its first line names the phase (the bucket signature).
    pub fn detail(&self, limit: Duration) -> String {
        format!(
            "no answer while {}: {:.0} s of in-process work, over the hang limit of {} s \
             (the converter, a verifier, an interpreter or the harness does not finish)\n\
             reproduce: stdlower gen --swarm --seed {} > case.mlir && stdlower check case.mlir",
            self.phase.as_str(),
            self.seconds,
            limit.as_secs_f64(),
            self.seed
        )
    }

    /// The phase named by a detail written by [`Hung::detail`].
    pub fn phase_in(detail: &str) -> Option<&str> {
        detail.strip_prefix("no answer while ")?.split(": ").next()
    }
}

/// The slots of a campaign's threads, and the limit.
pub struct Watchdog {
    origin: Instant,
    limit: Option<Duration>,
    slots: Mutex<Vec<Arc<Slot>>>,
}

/// A thread's registration with a [`Watchdog`]; dropping it stops the watching.
pub struct Attached {
    slot: Arc<Slot>,
    /// The slot the thread had before (a task run nested on the thread, as rayon may).
    before: Option<Arc<Slot>>,
}

impl Drop for Attached {
    fn drop(&mut self) {
        let before = self.before.take();
        CURRENT.with(|c| *c.borrow_mut() = before);
        // Idle, unless abandoned (the state says so for good).
        let _ =
            self.slot
                .state
                .compare_exchange(RUNNING, IDLE, Ordering::AcqRel, Ordering::Acquire);
    }
}

impl Attached {
    /// Starts the clock on `case` (the slot is idle: before the first case, or after
    /// [`Attached::end`] said the last one was this thread's).
    pub fn begin(&self, case: u64, seed: u64) {
        let s = &self.slot;
        s.case.store(case, Ordering::Relaxed);
        s.seed.store(seed, Ordering::Relaxed);
        s.phase.store(Phase::Generating as u8, Ordering::Relaxed);
        s.extra_ms.store(0, Ordering::Relaxed);
        s.restart_clock();
        s.state.store(RUNNING, Ordering::Release);
    }

    /// Stops the clock: true when the case's answer is this thread's to record, false
    /// when the watchdog has abandoned the thread (the case is journaled as a hang).
    pub fn end(&self) -> bool {
        self.slot
            .state
            .compare_exchange(RUNNING, IDLE, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
    }
}

impl Watchdog {
    /// A watchdog with hang limit `limit` (`None`: nothing is ever abandoned).
    pub fn new(limit: Option<Duration>) -> Watchdog {
        Watchdog {
            origin: Instant::now(),
            limit,
            slots: Mutex::new(Vec::new()),
        }
    }

    pub fn limit(&self) -> Option<Duration> {
        self.limit
    }

    /// Watches the calling thread from now on.
    pub fn attach(&self) -> Attached {
        let slot = Arc::new(Slot {
            origin: self.origin,
            state: AtomicU8::new(IDLE),
            case: AtomicU64::new(0),
            seed: AtomicU64::new(0),
            phase: AtomicU8::new(Phase::Generating as u8),
            since_ms: AtomicU64::new(0),
            extra_ms: AtomicU64::new(0),
            outside: AtomicU32::new(0),
            tokens: AtomicU8::new(0),
        });
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        // Slots of threads that have stopped are reused no more: drop them.
        slots.retain(|s| Arc::strong_count(s) > 1);
        slots.push(slot.clone());
        let before = CURRENT.with(|c| c.borrow_mut().replace(slot.clone()));
        Attached { slot, before }
    }

    /// The cases whose in-process work has gone on past the limit, each abandoned
    /// (exactly once) as it is returned.
    pub fn overdue(&self) -> Vec<Hung> {
        let Some(limit) = self.limit else {
            return Vec::new();
        };
        let limit_ms = limit.as_millis() as u64;
        let now = self.origin.elapsed().as_millis() as u64;
        let slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        let mut hung = Vec::new();
        for s in slots.iter() {
            if s.state.load(Ordering::Acquire) != RUNNING || s.outside.load(Ordering::Acquire) > 0 {
                continue;
            }
            let extra = s.extra_ms.load(Ordering::Acquire);
            let ran = now.saturating_sub(s.since_ms.load(Ordering::Relaxed));
            if ran <= limit_ms + extra {
                continue;
            }
            if s.state
                .compare_exchange(RUNNING, ABANDONED, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
            {
                let held = s.tokens.swap(0, Ordering::AcqRel);
                let tokens = [Token::PoolTurn, Token::ReductionTurn]
                    .into_iter()
                    .filter(|&t| held & (t as u8) != 0)
                    .collect();
                hung.push(Hung {
                    tokens,
                    case: s.case.load(Ordering::Relaxed),
                    seed: s.seed.load(Ordering::Relaxed),
                    phase: Phase::from_u8(s.phase.load(Ordering::Relaxed)),
                    seconds: ran as f64 / 1e3,
                });
            }
        }
        hung
    }
}

/// How often a watcher looks at the slots.
pub const WATCH_EVERY: Duration = Duration::from_millis(50);

/// The hang limit of `check` and `test`: seconds of in-process work on one file.
pub const FILE_HANG_SECONDS: u64 = 30;

/// The hang limit a `--hang-seconds` value stands for (0: none).
pub fn limit_of(seconds: u64) -> Option<Duration> {
    (seconds > 0).then(|| Duration::from_secs(seconds))
}

/// Runs `work` (`check`, `test`: one item per file, each through [`watch_item`]) while
/// a watcher thread looks for a file whose in-process work runs past `limit`. The first
/// that does is printed as a `hang` finding (`what`: what was being done to it) and the
/// process ends with the status of failed checks: a hung thread cannot be stopped, and
/// the other files' answers cannot be waited for.
pub fn watch_files<R>(
    files: &[std::path::PathBuf],
    limit: Option<Duration>,
    what: &str,
    work: impl FnOnce(Option<&Watchdog>) -> R,
) -> R {
    let Some(limit) = limit else {
        return work(None);
    };
    let wd = Watchdog::new(Some(limit));
    let done = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Acquire) {
                std::thread::sleep(WATCH_EVERY);
                if let Some(h) = wd.overdue().into_iter().next() {
                    exit_on_hang(files, what, limit, &h);
                }
            }
        });
        let r = work(Some(&wd));
        done.store(true, Ordering::Release);
        r
    })
}

/// Runs `f`, item `i` of the work `wd` watches (plainly without `wd`).
pub fn watch_item<T>(wd: Option<&Watchdog>, i: usize, f: impl FnOnce() -> T) -> T {
    let slot = wd.map(|wd| {
        let slot = wd.attach();
        slot.begin(i as u64, 0);
        slot
    });
    let r = f();
    if let Some(slot) = slot {
        slot.end();
    }
    r
}

/// Prints the hung file's finding and ends the process with the status of failed checks.
fn exit_on_hang(files: &[std::path::PathBuf], what: &str, limit: Duration, h: &Hung) -> ! {
    let file = files
        .get(h.case as usize)
        .map_or_else(|| "?".to_string(), |f| f.display().to_string());
    let mut out = super::output::Out::new();
    out.line(&format!(
        "{file}: FINDING [hang]: no answer while {what}: {:.0} s of in-process work, over the \
         hang limit of {} s (the converter, a verifier or an interpreter does not finish); \
         the other files' answers are not waited for",
        h.seconds,
        limit.as_secs_f64()
    ));
    std::process::exit(out.finish_with(crate::exit::FAILED));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_case_past_the_limit_is_abandoned_once_and_its_answer_dropped() {
        let w = Watchdog::new(Some(ms(50)));
        let a = w.attach();
        a.begin(7, 99);
        phase(Phase::Checking);
        assert!(w.overdue().is_empty());
        std::thread::sleep(ms(80));
        let hung = w.overdue();
        assert_eq!(hung.len(), 1);
        assert_eq!(
            (hung[0].case, hung[0].seed, hung[0].phase),
            (7, 99, Phase::Checking)
        );
        assert!(hung[0].seconds >= 0.05, "{hung:?}");
        assert!(w.overdue().is_empty(), "abandoned once");
        assert!(!a.end(), "the answer of an abandoned case is dropped");
    }

    #[test]
    fn waits_for_child_processes_and_reductions_do_not_count() {
        let w = Watchdog::new(Some(ms(50)));
        let a = w.attach();
        a.begin(1, 1);
        outside(|| {
            std::thread::sleep(ms(80));
            assert!(w.overdue().is_empty(), "inside outside()");
        });
        assert!(w.overdue().is_empty(), "the clock restarts after outside()");
        extended(ms(200), Phase::Reducing, || {
            std::thread::sleep(ms(80));
            assert!(w.overdue().is_empty(), "a reduction has its budget on top");
        });
        assert!(a.end(), "an answer in time is recorded");
        // Between cases nothing is watched.
        std::thread::sleep(ms(80));
        assert!(w.overdue().is_empty());
    }

    #[test]
    fn without_a_limit_nothing_is_abandoned_and_unwatched_threads_are_untouched() {
        let w = Watchdog::new(None);
        let a = w.attach();
        a.begin(1, 1);
        std::thread::sleep(ms(20));
        assert!(w.overdue().is_empty());
        assert!(a.end());
        drop(a);
        // No slot: these are plain calls.
        assert_eq!(outside(|| 3), 3);
        assert_eq!(extended(ms(1), Phase::Reducing, || 4), 4);
        phase(Phase::Checking);
    }

    #[test]
    fn what_an_abandoned_thread_holds_is_given_back_once() {
        let w = Watchdog::new(Some(ms(30)));
        let a = w.attach();
        a.begin(1, 1);
        hold(Token::PoolTurn);
        hold(Token::ReductionTurn);
        assert!(
            release(Token::ReductionTurn),
            "held: the thread gives it back"
        );
        hold(Token::ReductionTurn);
        std::thread::sleep(ms(60));
        let hung = w.overdue();
        assert_eq!(hung[0].tokens, vec![Token::PoolTurn, Token::ReductionTurn]);
        // The watcher gives them back; the thread, when it returns, must not.
        assert!(!release(Token::PoolTurn));
        assert!(!release(Token::ReductionTurn));
        assert!(!a.end());
        drop(a);
        assert!(
            release(Token::PoolTurn),
            "an unwatched thread gives back its own"
        );
    }

    #[test]
    fn outside_is_undone_when_its_work_panics() {
        let w = Watchdog::new(Some(ms(30)));
        let a = w.attach();
        a.begin(1, 1);
        let r = std::panic::catch_unwind(|| outside(|| panic!("in a child's wait")));
        assert!(r.is_err());
        std::thread::sleep(ms(60));
        assert_eq!(w.overdue().len(), 1, "watched again after the panic");
    }

    #[test]
    fn a_hang_detail_names_its_phase() {
        let h = Hung {
            case: 3,
            seed: 12,
            phase: Phase::Checking,
            seconds: 31.0,
            tokens: Vec::new(),
        };
        let d = h.detail(Duration::from_secs(30));
        assert_eq!(Hung::phase_in(&d), Some("checking the module"));
        assert!(d.contains("--seed 12"), "{d}");
    }
}
