//! JIT workers shared by many checking threads, so that the modules of several cases
//! are compiled together ([`jit::Worker::run_multi`]): LLVM charges a fixed cost per
//! compiled module (~0.3 ms of a ~2 ms case, `docs/jit-cost.md`), and a group of
//! modules pays it once.
//!
//! A campaign runs more checking threads than workers; a thread that needs the JIT
//! queues its request. Whoever finds a worker idle and requests waiting takes the
//! worker and up to [`JitPool::group`] of the oldest requests, runs them as one
//! request and hands every thread its answers (leader and followers: no thread of the
//! pool's own). What a thread gets is what its request alone would get: when a call
//! of a group crashes, times out, or leaves calls unanswered, every module from the
//! one it belongs to on is run again alone, so each crash is its own module's.
//! Other uses of a worker (one call, upstream's IR) borrow an idle worker whole
//! ([`JitPool::with_worker`]).

use jit::{EncodedItem, RunError, Worker};
use std::collections::{HashMap, VecDeque};
use std::process::Command;
use std::sync::{Arc, Condvar, Mutex, RwLock};

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
        }
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
        loop {
            if ids.iter().all(|i| st.done.contains_key(i)) {
                return ids
                    .iter()
                    .map(|i| st.done.remove(i).unwrap_or_default())
                    .collect();
            }
            if !st.pending.is_empty() && !st.idle.is_empty() {
                let Some(slot) = st.idle.pop() else { continue };
                let taken = self.take_group(&mut st);
                st.groups += 1;
                st.grouped += taken.len() as u64;
                drop(st);
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
        RunError::Crash { .. } => crate::native::stderr_note(w.crash_stderr()),
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
