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
//! A block is [`BATCH`] sampled cases long (in case numbers: `BATCH` times the
//! oracle's sampling); the first thread to want a case of a block lowers the whole block
//! while the others wait for it, and a thread that got its case lowers the next block
//! ahead when no one has started it yet, so that the campaign rarely waits.

use super::CampaignConfig;
use crate::oracles::Oracle;
use crate::upstream::ir_batch::{self, Job};
use crate::upstream::Prepared;
use std::collections::{HashMap, HashSet};
use std::sync::{Condvar, Mutex};

/// How many sampled cases go through one `mlir-opt` process (one per index bit width
/// and pass options) and one `mlir-translate`: starting MLIR 22's tools costs about
/// 100 ms a process on a loaded machine, where lowering a case costs a few.
pub const BATCH: u64 = 128;

/// One sampled case in this many runs upstream's code natively (the JIT, checking
/// what `llinterp` cannot: the native code and its calling convention); the others run
/// it in `llinterp` ([`crate::upstream::interpreted`]).
pub const NATIVE_EVERY: u64 = 16;

/// The prepared LLVM IR of the campaign's upstream cases, by case number.
pub struct UpstreamQueue<'a> {
    cfg: &'a CampaignConfig,
    /// Case numbers per block.
    span: u64,
    /// Whether this campaign runs case number `n` (its shard, not done, within `--count`).
    wanted: Box<dyn Fn(u64) -> bool + Sync + 'a>,
    state: Mutex<State>,
    lowered: Condvar,
}

#[derive(Default)]
struct State {
    ready: HashMap<u64, Prepared>,
    /// Blocks being lowered or lowered.
    started: HashSet<u64>,
    finished: HashSet<u64>,
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
            span: every.saturating_mul(BATCH),
            wanted: Box::new(wanted),
            state: Mutex::new(State::default()),
            lowered: Condvar::new(),
        })
    }

    /// The prepared LLVM IR of case `case` (lowering its block first when no one has),
    /// `None` when the case is not sampled or the batch had no answer for it.
    pub fn take(&self, case: u64) -> Option<Prepared> {
        if !self.cfg.every.sampled(Oracle::Upstream, case) {
            return None;
        }
        let block = case / self.span;
        let answer = self.take_from(block, case);
        // The next block, ahead of the threads that will want it.
        if self.start(block + 1) {
            self.lower_block(block + 1);
        }
        answer
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether this thread is the first to start `block` (and so lowers it).
    fn start(&self, block: u64) -> bool {
        self.lock().started.insert(block)
    }

    fn take_from(&self, block: u64, case: u64) -> Option<Prepared> {
        if self.start(block) {
            self.lower_block(block);
        }
        let mut s = self.lock();
        while !s.finished.contains(&block) {
            s = self.lowered.wait(s).unwrap_or_else(|p| p.into_inner());
        }
        s.ready.remove(&case)
    }

    /// Lowers the sampled cases of `block` and makes their answers ready.
    fn lower_block(&self, block: u64) {
        let first = block.saturating_mul(self.span);
        let cases: Vec<u64> = (first..first.saturating_add(self.span))
            .filter(|&n| self.cfg.every.sampled(Oracle::Upstream, n) && (self.wanted)(n))
            .collect();
        let mut numbered = Vec::new();
        let mut jobs = Vec::new();
        for n in cases {
            // A panic (of the generator, the exporter) leaves the case to its own check.
            if let Ok(Some(job)) = crate::process::panics::catch(|| self.job(n)) {
                numbered.push(n);
                jobs.push(job);
            }
        }
        let answers =
            crate::process::panics::catch(|| ir_batch::to_llvm_ir_batch(&jobs)).unwrap_or_default();
        let mut s = self.lock();
        for (n, a) in numbered.into_iter().zip(answers) {
            if let Some(a) = a {
                s.ready.insert(n, a);
            }
        }
        s.finished.insert(block);
        drop(s);
        self.lowered.notify_all();
    }

    /// The upstream job of case `n`: its module as the check generates it, exported
    /// with the case's options; `None` when the oracle will not lower it.
    fn job(&self, n: u64) -> Option<Job> {
        let (gcfg, m) = super::generate_case(super::case_seed(self.cfg.seed, n), &self.cfg.oracle);
        let exec = self.cfg.oracle.exec.for_case(&gcfg);
        // The options the oracle leaves alone (the check's `upstream_outcome`): only a
        // shortcut, a case prepared for nothing is never asked for.
        let pass = exec.pass;
        if exec.index_bitwidth != 64
            || (pass.use_bare_ptr_memref_call_conv && !pass.use_aligned_alloc)
        {
            return None;
        }
        let text = crate::upstream::export_for_run(&m, exec.pass).ok()?;
        let every = self.cfg.every.get(Oracle::Upstream).max(1);
        Some(Job {
            text,
            index_bitwidth: exec.index_bitwidth,
            pass: exec.pass,
            native: (n / every).is_multiple_of(NATIVE_EVERY),
        })
    }
}
