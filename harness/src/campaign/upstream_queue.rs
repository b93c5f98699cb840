//! The campaign's `upstream` oracle, batched: before a thread checks a case sampled for
//! it, the case's module has gone through upstream's tools together with the other
//! sampled cases of its block ([`crate::upstream::ir_batch`]: one `mlir-opt` and
//! one `mlir-translate` process a block instead of two or three processes a case), and
//! the check takes that lowering instead of running the tools
//! ([`crate::upstream::with_prepared`]): it runs the LLVM dialect in `llinterp`, and, one
//! case in [`NATIVE_EVERY`] (or when `llinterp` disagrees with the interpreter), the
//! LLVM IR natively in its JIT worker. Everything else about the oracle is unchanged: a module the batch has no
//! answer for (the export refused it, a tool failed or crashed on it) goes through the
//! tools alone in its check, as before, so verdicts and messages are those of a module
//! run alone.
//!
//! A block is [`BATCH`] sampled cases long ([`TYPED_BATCH`] for the typed-pointer
//! releases, [`FIRST`] for the first block, so that the campaign starts soon; in case
//! numbers, these times the oracle's sampling). A lowering thread of
//! its own ([`UpstreamQueue::lower_ahead`]) lowers the blocks in order, [`AHEAD`] blocks
//! past the last one a checking thread has asked for, so that the tools run while the
//! checking threads check and the campaign rarely waits; a checking thread that wants a
//! block no one has started lowers it itself (in its watchdog slot, as phase
//! [`Phase::PreparingUpstream`] of the case it was taking). The block's modules are
//! generated once, here: each case's check takes its module with its answer ([`Ahead`])
//! instead of generating it again. The lowering thread has no watchdog slot: every
//! process of a block has its own timeout, and a case waits at most [`BLOCK_WAIT`] for
//! its block (the wait is not its work), after which its block goes without answers
//! (its cases run the tools alone, as a module the batch had no answer for does).

use super::CampaignConfig;
use crate::oracles::Oracle;
use crate::process::watchdog::{self, Phase};
use crate::upstream::ir_batch::{self, Job};
use crate::upstream::Prepared;
use converter::ir::Module;
use std::collections::{HashMap, HashSet};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// How many sampled cases go through one `mlir-opt` process (one per index bit width
/// and pass options) and one `mlir-translate`: starting MLIR 22's tools costs about
/// 45 ms of CPU a process, where lowering a case costs a few. (5,000 cases, MLIR 22, the
/// median CPU of 3 rounds at load 9 to 13: 45.1 s with 128, 42.1 s with 256, 41.8 s
/// with 512; wall times at that load said nothing.)
pub const BATCH: u64 = 512;

/// [`BATCH`] for the typed-pointer releases (13 to 16). It was 128 while MLIR 13's
/// `mlir-translate` refusals split a batch down to each refused one (436 processes in
/// blocks of 512); since they are told apart (`upstream_release::batch`), bigger blocks
/// only save processes. 5,000 cases of MLIR 13 (`campaign --seed 7 --upstream-sample 1`,
/// tool CPU from `/usr/bin/time` per process, load 7 to 14): blocks of 128 (main, split
/// run) 140 `mlir-opt` and 91 `mlir-translate` processes, 7.7 to 7.9 s; 512 with nested
/// modules 98 and 53, 5.9 to 6.7 s (the split run alone in 512: 56 and 53, 5.9 to 6.5 s);
/// 1024: 74 and 45, 5.5 to 6.8 s.
pub const TYPED_BATCH: u64 = 512;

/// The first block's length in sampled cases: every checking thread waits for it.
pub const FIRST: u64 = 32;

/// How many blocks the lowering thread lowers past the last block a checking thread has
/// asked for.
pub const AHEAD: u64 = 2;

/// One sampled case in this many runs upstream's code natively (the JIT, checking
/// what `llinterp` cannot: the native code and its calling convention); the others run
/// it in `llinterp` ([`crate::upstream::interpreted`]).
pub const NATIVE_EVERY: u64 = 16;

/// How many blocks the lowering thread lowers at once ([`UpstreamQueue::lower_ahead`]).
pub const IN_FLIGHT: usize = 2;

/// How long a thread waits for another thread's block before the block goes without
/// answers (its cases run the tools alone): only reached when the lowering thread hangs
/// (a checking thread abandoned in a hang, the generator), since every process of a block
/// has its own timeout.
const BLOCK_WAIT: Duration = Duration::from_secs(600);

/// How often the lowering thread looks whether the campaign is over while it waits.
const POLL: Duration = Duration::from_millis(50);

/// What the queue made for a case ahead of its check: its module as
/// [`super::generate_case`] generates it (`None`: the generator panicked here, and the
/// check generates it again to report that), and upstream's answer for it.
#[derive(Default)]
pub struct Ahead {
    pub generated: Option<(generator::GenConfig, Module)>,
    pub prepared: Option<Prepared>,
}

/// The prepared LLVM IR of the campaign's upstream cases, by case number.
pub struct UpstreamQueue<'a> {
    cfg: &'a CampaignConfig,
    /// The oracle's sampling: case numbers per sampled case.
    every: u64,
    /// Sampled cases per block after the first ([`BATCH`] or [`TYPED_BATCH`]).
    batch: u64,
    /// Whether this campaign runs case number `n` (its shard, not done, within `--count`).
    wanted: Box<dyn Fn(u64) -> bool + Sync + 'a>,
    state: Mutex<State>,
    lowered: Condvar,
}

#[derive(Default)]
struct State {
    ready: HashMap<u64, Ahead>,
    /// Blocks being lowered or lowered.
    started: HashSet<u64>,
    /// Blocks lowered, or given up waiting for ([`BLOCK_WAIT`]).
    finished: HashSet<u64>,
    /// The last block a checking thread has asked for.
    asked: u64,
}

impl<'a> UpstreamQueue<'a> {
    /// The queue of a campaign that samples `upstream` and has its tools; `None` otherwise.
    pub fn new(
        cfg: &'a CampaignConfig,
        wanted: impl Fn(u64) -> bool + Sync + 'a,
    ) -> Option<UpstreamQueue<'a>> {
        let every = cfg.every.get(Oracle::Upstream);
        if every == 0 || crate::upstream::tools().is_err() {
            return None;
        }
        Some(UpstreamQueue {
            cfg,
            every,
            batch: match crate::upstream_release::selected_release().typed_pointers() {
                true => TYPED_BATCH,
                false => BATCH,
            },
            wanted: Box::new(wanted),
            state: Mutex::new(State::default()),
            lowered: Condvar::new(),
        })
    }

    /// The module and prepared answer of case `case` (lowering its block first when no
    /// one has); empty when the case is not sampled. Called in the case's watchdog slot.
    pub fn take(&self, case: u64) -> Ahead {
        if !self.cfg.every.sampled(Oracle::Upstream, case) {
            return Ahead::default();
        }
        let block = self.block_of(case);
        let mine = {
            let mut s = self.lock();
            if block > s.asked {
                s.asked = block;
            }
            s.started.insert(block)
        };
        // The lowering thread may go further ahead now.
        self.lowered.notify_all();
        if mine {
            watchdog::phase(Phase::PreparingUpstream);
            self.lower_block(block);
        }
        // Waiting for another thread's block is not this thread's work.
        watchdog::outside(|| {
            let since = Instant::now();
            let mut s = self.lock();
            while !s.finished.contains(&block) {
                let Some(left) = BLOCK_WAIT.checked_sub(since.elapsed()) else {
                    // Nobody waits for this block again.
                    s.finished.insert(block);
                    return Ahead::default();
                };
                s = self
                    .lowered
                    .wait_timeout(s, left)
                    .unwrap_or_else(|p| p.into_inner())
                    .0;
            }
            s.ready.remove(&case).unwrap_or_default()
        })
    }

    /// The lowering thread: lowers the blocks no checking thread has started, in order,
    /// up to [`AHEAD`] blocks past the last one asked for, until `over` (checked every
    /// [`POLL`] while it waits) or past the campaign's `--count`; [`IN_FLIGHT`] blocks at
    /// a time, each on a thread of its own, so that one block's tools run while the
    /// next one is generated and exported, and the blocks catch up with the checks at
    /// the start, where the cores would otherwise wait.
    pub fn lower_ahead(&self, over: impl Fn() -> bool) {
        std::thread::scope(|s| {
            let mut running = std::collections::VecDeque::new();
            let mut block = 0;
            loop {
                if self.cfg.count.is_some_and(|c| self.first_case(block) >= c) {
                    return;
                }
                let mine = {
                    let mut s = self.lock();
                    while block > s.asked.saturating_add(AHEAD) {
                        if over() {
                            return;
                        }
                        s = self
                            .lowered
                            .wait_timeout(s, POLL)
                            .unwrap_or_else(|p| p.into_inner())
                            .0;
                    }
                    s.started.insert(block)
                };
                if over() {
                    return;
                }
                if mine {
                    if running.len() >= IN_FLIGHT {
                        if let Some(oldest) = running.pop_front() {
                            let _ = std::thread::ScopedJoinHandle::join(oldest);
                        }
                    }
                    running.push_back(s.spawn(move || self.lower_block(block)));
                }
                block += 1;
            }
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The block of case number `case` ([`block_of_unit`]).
    fn block_of(&self, case: u64) -> u64 {
        block_of_unit(case / self.every, self.batch)
    }

    /// The first case number of `block`.
    fn first_case(&self, block: u64) -> u64 {
        first_unit(block, self.batch).saturating_mul(self.every)
    }

    /// Lowers the sampled cases of `block` and makes their answers ready.
    fn lower_block(&self, block: u64) {
        let (first, end) = (self.first_case(block), self.first_case(block + 1));
        let cases: Vec<u64> = (first..end)
            .filter(|&n| self.cfg.every.sampled(Oracle::Upstream, n) && (self.wanted)(n))
            .collect();
        let mut ahead: HashMap<u64, Ahead> = HashMap::new();
        let mut numbered = Vec::new();
        let mut jobs = Vec::new();
        for n in cases {
            // A panic (of the generator, the exporter) leaves the case to its own check.
            let seed = super::case_seed(self.cfg.seed, n);
            let generated =
                crate::process::panics::catch(|| super::generate_case(seed, &self.cfg.oracle)).ok();
            let job = generated.as_ref().and_then(|(g, m)| {
                crate::process::panics::catch(|| self.job(n, g, m))
                    .ok()
                    .flatten()
            });
            if let Some(job) = job {
                numbered.push(n);
                jobs.push(job);
            }
            ahead.insert(
                n,
                Ahead {
                    generated,
                    prepared: None,
                },
            );
        }
        let answers =
            crate::process::panics::catch(|| ir_batch::to_llvm_ir_batch(&jobs)).unwrap_or_default();
        for (n, a) in numbered.into_iter().zip(answers) {
            if let Some(x) = ahead.get_mut(&n) {
                x.prepared = a;
            }
        }
        let mut s = self.lock();
        s.ready.extend(ahead);
        s.finished.insert(block);
        drop(s);
        self.lowered.notify_all();
    }

    /// The upstream job of case `n`, whose module `m` was generated with `gcfg`: the
    /// module exported with the case's options; `None` when the oracle will not lower it.
    fn job(&self, n: u64, gcfg: &generator::GenConfig, m: &Module) -> Option<Job> {
        let exec = self.cfg.oracle.exec.for_case(gcfg);
        // The options the oracle leaves alone (the check's `upstream_outcome`): only a
        // shortcut, a case prepared for nothing is never asked for.
        let pass = exec.pass;
        if exec.index_bitwidth != 64
            || (pass.use_bare_ptr_memref_call_conv && !pass.use_aligned_alloc)
        {
            return None;
        }
        let text = crate::upstream::export_for_run(m, exec.pass).ok()?;
        let every = self.cfg.every.get(Oracle::Upstream).max(1);
        Some(Job {
            text,
            index_bitwidth: exec.index_bitwidth,
            pass: exec.pass,
            native: (n / every).is_multiple_of(NATIVE_EVERY),
        })
    }
}

/// The block of the `u`th sampled case: [`FIRST`] sampled cases, then twice as many a
/// block up to `batch`, then `batch` each ([`first_unit`]), so that the campaign starts
/// soon and the lowering of the growing blocks keeps ahead of the checks.
fn block_of_unit(u: u64, batch: u64) -> u64 {
    let (g, start_g) = growth(batch);
    if u >= start_g {
        return g + (u - start_g) / batch.max(1);
    }
    // Block b < g starts at FIRST * (2^b - 1).
    u64::from((u / FIRST + 1).ilog2())
}

/// The first sampled case (counted in sampled cases) of `block` ([`block_of_unit`]).
fn first_unit(block: u64, batch: u64) -> u64 {
    let (g, start_g) = growth(batch);
    match block {
        b if b < g => FIRST.saturating_mul((1u64 << b) - 1),
        b => start_g.saturating_add((b - g).saturating_mul(batch.max(1))),
    }
}

/// The first block `batch` sampled cases long, and where it starts in sampled cases.
fn growth(batch: u64) -> (u64, u64) {
    let mut g = 0u64;
    while (FIRST << g) < batch && g < 32 {
        g += 1;
    }
    (g, FIRST.saturating_mul((1u64 << g) - 1))
}

#[cfg(test)]
mod block_tests {
    use super::*;

    /// Every sampled case is in exactly one block; the blocks start at [`FIRST`],
    /// double, and stay at `batch` once they reach it.
    #[test]
    fn blocks_grow_from_first_to_batch_and_cover_every_case() {
        for batch in [1, 32, 100, 128, 512, 2048] {
            let mut last = 0;
            for u in 0..20_000u64 {
                let b = block_of_unit(u, batch);
                assert!(
                    first_unit(b, batch) <= u && u < first_unit(b + 1, batch),
                    "{u} {batch}"
                );
                assert!(b == last || b == last + 1, "{u} {batch}");
                last = b;
            }
            let sizes: Vec<u64> = (0..8)
                .map(|b| first_unit(b + 1, batch) - first_unit(b, batch))
                .collect();
            assert_eq!(sizes[0], FIRST.min(batch), "{sizes:?}");
            assert!(
                sizes
                    .windows(2)
                    .all(|w| w[1] == (w[0] * 2).min(batch) || w[1] == batch),
                "{batch}: {sizes:?}"
            );
            assert_eq!(*sizes.last().unwrap(), batch, "{sizes:?}");
        }
    }
}
