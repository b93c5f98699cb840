//! JIT workers shared by many checking threads, so that the modules of several cases
//! are compiled together ([`jit::Worker::run_multi`]): LLVM charges a fixed cost per
//! compiled module (~0.3 ms of a ~2 ms case, `docs/jit-cost.md`), and a group of
//! modules pays it once.
//!
//! A campaign runs more checking threads than workers; a thread that needs the JIT
//! queues its request. A thread takes an idle worker and up to [`JitPool::group`] of
//! the oldest requests when a full group waits, or when no other thread is checking a
//! case or waiting to (no more requests are coming soon). It runs them as one request
//! and hands every thread its answers (leader and followers: no thread of the pool's
//! own). Checking threads take turns ([`JitPool::turn`]): as many check at once as
//! there are workers, and a thread waiting for the JIT, or running a group on a
//! worker, lends its turn to another, so groups fill while the workers compile without
//! every waiting thread competing for the cores. What a thread gets is what its request alone would get: when a call
//! of a group crashes, times out, or leaves calls unanswered, every module from the
//! one it belongs to on is run again alone, so each crash is its own module's.
//! Other uses of a worker (one call, upstream's IR) borrow an idle worker whole
//! ([`JitPool::with_worker`]).

use jit::{EncodedItem, RunError, Worker};
use std::cell::Cell;
use std::collections::{HashMap, VecDeque};
use std::process::Command;
use std::sync::{Arc, Condvar, Mutex, RwLock};

/// Turns to check: as many as the pool has workers. A checking thread holds one while
/// it works ([`JitPool::turn`]) and lends it out while it waits for the JIT or runs a
/// group on a worker, so at most that many threads check at once, however many wait.
struct Turns {
    total: usize,
    state: Mutex<TurnState>,
    freed: Condvar,
}

#[derive(Default)]
struct TurnState {
    free: usize,
    /// Threads waiting for a turn.
    wanting: usize,
}

impl Turns {
    fn lock(&self) -> std::sync::MutexGuard<'_, TurnState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Turns held now, and whether any thread waits for one.
    fn use_now(&self) -> (usize, bool) {
        let t = self.lock();
        (self.total - t.free, t.wanting > 0)
    }

    fn take(&self) {
        let mut t = self.lock();
        t.wanting += 1;
        while t.free == 0 {
            t = self.freed.wait(t).unwrap_or_else(|p| p.into_inner());
        }
        t.wanting -= 1;
        t.free -= 1;
    }

    fn give(&self) {
        self.lock().free += 1;
        self.freed.notify_one();
    }
}

thread_local! {
    /// Whether this thread holds a turn ([`JitPool::turn`]).
    static HOLDING: Cell<bool> = const { Cell::new(false) };
}

/// A turn to use a core, given back when dropped.
pub struct Turn<'a>(&'a JitPool);

impl Turn<'_> {
    /// Drops the turn without giving it back: the thread was abandoned in a hang, and
    /// the campaign gave its turn back then ([`JitPool::give_back_turn_of_abandoned`]).
    pub fn forsake(self) {
        HOLDING.with(|h| h.set(false));
    }
}

impl Drop for Turn<'_> {
    fn drop(&mut self) {
        if HOLDING.with(|h| h.replace(false)) {
            self.0.give_turn();
        }
    }
}

/// A call's answer: the values, or the error with the worker's last stderr lines when
/// it crashed; `None` when the call was not made (an earlier call of its module
/// crashed or timed out, or the worker gave up on the request).
pub type CallAnswer = Option<Result<Vec<converter::value::RtValue>, (RunError, String)>>;

/// The answers of one request's calls, and the heap blocks each call's code left.
pub type Answers = (Vec<CallAnswer>, Vec<Option<i64>>);

#[derive(Default)]
struct State {
    next_id: u64,
    /// Requests not yet taken, oldest first.
    pending: VecDeque<u64>,
    requests: HashMap<u64, EncodedItem>,
    done: HashMap<u64, Answers>,
    /// Workers nobody holds (`None`: not started yet, or stopped).
    idle: Vec<Option<Worker>>,
    /// Groups run and modules in them, for the report of group sizes.
    groups: u64,
    grouped: u64,
}

/// Workers shared by threads, compiling queued modules together.
pub struct JitPool {
    state: Mutex<State>,
    changed: Condvar,
    group: usize,
    command: fn() -> Command,
    turns: Turns,
}

impl JitPool {
    /// A pool of `workers` workers (started on first use with `command`), compiling
    /// up to `group` queued modules together.
    pub fn new(workers: usize, group: usize, command: fn() -> Command) -> JitPool {
        JitPool {
            state: Mutex::new(State {
                idle: (0..workers.max(1)).map(|_| None).collect(),
                ..State::default()
            }),
            changed: Condvar::new(),
            group: group.max(1),
            command,
            turns: Turns {
                total: workers.max(1),
                state: Mutex::new(TurnState {
                    free: workers.max(1),
                    wanting: 0,
                }),
                freed: Condvar::new(),
            },
        }
    }

    /// Gives a turn back, and wakes the threads waiting for answers: one of them may
    /// now lead a group (see [`JitPool::run_all`]).
    fn give_turn(&self) {
        self.turns.give();
        let _st = self.lock();
        self.changed.notify_all();
    }

    /// Gives back the turn of a thread abandoned in a hang (it holds one while it checks
    /// a case, and [`Turn::forsake`]s it if it ever comes back).
    pub fn give_back_turn_of_abandoned(&self) {
        self.give_turn();
    }

    /// Waits for a turn to use a core (see [`Turns`]): a checking thread holds one for
    /// each case; [`JitPool::run`] lends it out while the thread waits for answers.
    pub fn turn(&self) -> Turn<'_> {
        self.turns.take();
        HOLDING.with(|h| h.set(true));
        Turn(self)
    }

    /// The most modules compiled together.
    pub fn group(&self) -> usize {
        self.group
    }

    /// Groups run so far and the modules in them.
    pub fn group_counts(&self) -> (u64, u64) {
        let st = self.lock();
        (st.groups, st.grouped)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Makes the calls of a lowered module (`item`) on a worker, compiled with whatever
    /// other threads' modules wait at the time; waits for the answers.
    pub fn run(&self, item: EncodedItem) -> Answers {
        self.run_all(vec![item]).pop().unwrap_or_default()
    }

    /// [`JitPool::run`] of several modules at once (in the queue together, so they may
    /// share a group): their answers, in order.
    pub fn run_all(&self, items: Vec<EncodedItem>) -> Vec<Answers> {
        // The workers have their own timeouts: waiting for them (and leading a group
        // for other threads) is not this thread's own work.
        crate::process::watchdog::outside(|| self.run_all_waiting(items))
    }

    fn run_all_waiting(&self, items: Vec<EncodedItem>) -> Vec<Answers> {
        let mut st = self.lock();
        let ids: Vec<u64> = items
            .into_iter()
            .map(|item| {
                let id = st.next_id;
                st.next_id += 1;
                st.requests.insert(id, item);
                st.pending.push_back(id);
                id
            })
            .collect();
        self.changed.notify_all();
        // A thread that came with a turn lends it out while it waits, and takes one
        // again to lead a group or to go on with its answers. It sends a group when a
        // full one waits, or when no other thread is at work on a case or waiting to
        // be (no more requests are coming soon): so groups fill while the workers are
        // busy, and no core idles for want of one.
        let came_with_turn = HOLDING.with(Cell::get);
        let mut holding = came_with_turn;
        loop {
            if ids.iter().all(|i| st.done.contains_key(i)) {
                let answers = ids
                    .iter()
                    .map(|i| st.done.remove(i).unwrap_or_default())
                    .collect();
                drop(st);
                if came_with_turn && !holding {
                    self.turns.take();
                }
                return answers;
            }
            let can_lead = !st.pending.is_empty()
                && !st.idle.is_empty()
                && (!came_with_turn || st.pending.len() >= self.group || {
                    let (in_use, wanted) = self.turns.use_now();
                    !wanted && in_use <= usize::from(holding)
                });
            if can_lead {
                if came_with_turn && !holding {
                    drop(st);
                    self.turns.take();
                    holding = true;
                    st = self.lock();
                    continue;
                }
                let Some(slot) = st.idle.pop() else { continue };
                let taken = self.take_group(&mut st);
                st.groups += 1;
                st.grouped += taken.len() as u64;
                drop(st);
                // The worker's core is not the thread's: the turn goes to a thread
                // with a case to check meanwhile.
                if holding {
                    self.give_turn();
                    holding = false;
                }
                let mut worker = slot;
                let answers = run_group(&mut worker, self.command, &taken);
                st = self.lock();
                st.idle.push(worker);
                for ((i, _), a) in taken.iter().zip(answers) {
                    st.done.insert(*i, a);
                }
                self.changed.notify_all();
                continue;
            }
            if holding {
                drop(st);
                self.give_turn();
                holding = false;
                st = self.lock();
                continue;
            }
            st = self.changed.wait(st).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// Takes up to [`JitPool::group`] of the oldest waiting requests, all of the code
    /// generation level of the first.
    fn take_group(&self, st: &mut State) -> Vec<(u64, EncodedItem)> {
        let level_of = |st: &State| {
            st.pending
                .front()
                .and_then(|i| st.requests.get(i))
                .map(|r| r.opts().opt_level)
        };
        let level = level_of(st);
        let mut taken = Vec::new();
        while taken.len() < self.group && level.is_some() && level_of(st) == level {
            let Some(i) = st.pending.pop_front() else {
                break;
            };
            if let Some(r) = st.requests.remove(&i) {
                taken.push((i, r));
            }
        }
        taken
    }

    /// Runs `f` with a worker of the pool to itself (started first if needed), once
    /// one is idle.
    pub fn with_worker<R>(&self, f: impl FnOnce(&mut Worker) -> R) -> Result<R, RunError> {
        let mut st = self.lock();
        let slot = loop {
            if let Some(s) = st.idle.pop() {
                break s;
            }
            st = self.changed.wait(st).unwrap_or_else(|p| p.into_inner());
        };
        drop(st);
        let mut slot = slot;
        let r = started(&mut slot, self.command).map(f);
        self.lock().idle.push(slot);
        self.changed.notify_all();
        r
    }

    /// Stops the idle workers (each closes its input and is waited for), so that their
    /// CPU time is counted before the process ends.
    pub fn stop(&self) {
        let mut st = self.lock();
        for w in st.idle.iter_mut() {
            *w = None;
        }
    }
}

/// The worker of `slot`, started with `command` if it is not yet.
fn started(slot: &mut Option<Worker>, command: fn() -> Command) -> Result<&mut Worker, RunError> {
    if slot.is_none() {
        *slot = Some(Worker::spawn(command())?);
    }
    slot.as_mut()
        .ok_or_else(|| RunError::Error("no JIT worker".into()))
}

/// Whether an answer stands as the module's own: values, or an error of the module
/// (not a crash, a timeout or a call left unmade, which may belong to another module
/// of the group).
fn stands(a: &CallAnswer) -> bool {
    matches!(a, Some(Ok(_)) | Some(Err((RunError::Error(_), _))))
}

/// A worker's error with the note of its last stderr lines when it crashed.
fn noted(w: &Worker, e: RunError) -> (RunError, String) {
    let note = match e {
        RunError::Crash { .. } => crate::process::worker_stderr::stderr_note(w.crash_stderr()),
        _ => String::new(),
    };
    (e, note)
}

/// Requests on the worker of `slot`, as one request of their modules.
fn run_items(
    slot: &mut Option<Worker>,
    command: fn() -> Command,
    items: &[&EncodedItem],
) -> Vec<Answers> {
    let w = match started(slot, command) {
        Ok(w) => w,
        Err(e) => {
            return items
                .iter()
                .map(|it| {
                    (
                        vec![Some(Err((e.clone(), String::new()))); it.calls()],
                        vec![None; it.calls()],
                    )
                })
                .collect()
        }
    };
    let got = w.run_multi(items);
    let blocks = w.multi_heap_blocks().to_vec();
    got.into_iter()
        .zip(blocks)
        .map(|(a, b)| {
            let a = a
                .into_iter()
                .map(|a| a.map(|r| r.map_err(|e| noted(w, e))))
                .collect();
            (a, b)
        })
        .collect()
}

/// The requests `taken` on the worker of `slot`: one request of the group's modules,
/// then every module from the first whose answers do not all stand ([`stands`]) on,
/// again alone.
fn run_group(
    slot: &mut Option<Worker>,
    command: fn() -> Command,
    taken: &[(u64, EncodedItem)],
) -> Vec<Answers> {
    let items: Vec<&EncodedItem> = taken.iter().map(|(_, it)| it).collect();
    let mut out = run_items(slot, command, &items);
    if items.len() > 1 {
        if let Some(first_bad) = out.iter().position(|(a, _)| !a.iter().all(stands)) {
            for k in first_bad..items.len() {
                out[k] = run_items(slot, command, &[items[k]])
                    .pop()
                    .unwrap_or_default();
            }
        }
    }
    out
}

/// The pool the JIT paths of this process use, when one is installed
/// ([`install`]); otherwise each thread has a worker of its own.
static POOL: RwLock<Option<Arc<JitPool>>> = RwLock::new(None);

/// Makes `pool` the one this process's JIT paths use, until [`uninstall`].
pub fn install(pool: Arc<JitPool>) {
    *POOL.write().unwrap_or_else(|p| p.into_inner()) = Some(pool);
}

/// Stops the installed pool's workers and goes back to a worker per thread.
pub fn uninstall() {
    let old = POOL.write().unwrap_or_else(|p| p.into_inner()).take();
    if let Some(p) = old {
        p.stop();
    }
}

/// The installed pool, if any.
pub fn installed() -> Option<Arc<JitPool>> {
    POOL.read().unwrap_or_else(|p| p.into_inner()).clone()
}
