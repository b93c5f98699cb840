//! The per-case context ([`Case`]): the Standard module, its entry and arguments, and
//! every artifact the oracles read of it, each made once, when the first oracle asks
//! for it, and handed to every oracle that reads it: the lowering, the Standard
//! interpreter's run, the LLVM-level run, the C-interface oracle's plan, the JIT batch
//! (the entry and the C-interface calls in one compilation) and upstream's run. A test
//! gives an artifact in advance (a wrong lowering, a count of heap blocks) with the
//! `with_*` builders; the oracles then read it instead.

use super::OracleConfig;
use crate::exec::{InterpRun, Outcome};
use converter::ir::Module;
use converter::lower::LowerOptions;
use converter::value::RtValue;
use std::cell::OnceCell;
use std::time::{Duration, Instant};

/// The Standard interpreter's run of the entry, and how long it took (a native timeout
/// is a finding only where the interpreter was quick).
pub struct Timed {
    pub run: InterpRun,
    pub took: Duration,
}

/// The LLVM level's run of the lowering: its outcome (values or UB) and the lowered
/// code's heap calls, or `None` when the LLVM level could not run the case (a construct
/// it does not model, fuel, call depth) or was not asked for.
pub struct LlvmLevelRun {
    pub outcome: Option<Outcome>,
    pub heap_calls: Option<Vec<llinterp::HeapCall>>,
}

pub use crate::engines::jit::JitBatch;

/// One case and what has been made of it so far.
pub struct Case<'a> {
    pub module: &'a Module,
    pub entry: &'a str,
    pub args: &'a [RtValue],
    pub cfg: &'a OracleConfig,
    /// The lowering options of the case (`cfg`'s).
    pub lopts: LowerOptions,
    /// Whether the batched checks (`mlir-translate`, `upstream-structure`) leave their
    /// tool's run to the caller's batch of cases (a campaign); else each runs here, as a
    /// batch of one.
    pub batched: bool,
    lowering: OnceCell<Result<Module, String>>,
    interp: OnceCell<Timed>,
    llvm_level: OnceCell<LlvmLevelRun>,
    ciface: OnceCell<crate::ciface::Plan<'a>>,
    jit: OnceCell<JitBatch>,
    upstream: OnceCell<Result<Option<Outcome>, String>>,
    /// The `mlir-translate` check left to the caller's batch.
    pub(super) translate: OnceCell<super::DeferredTranslate>,
    /// The `upstream-structure` comparison left to the caller's batch.
    pub(super) structure: OnceCell<crate::upstream_structure::Pending>,
}

impl<'a> Case<'a> {
    /// The case of `entry(args)` of `module`, nothing made yet.
    pub fn new(
        module: &'a Module,
        entry: &'a str,
        args: &'a [RtValue],
        cfg: &'a OracleConfig,
    ) -> Case<'a> {
        Case {
            module,
            entry,
            args,
            cfg,
            lopts: cfg.exec.pass.lower_options(cfg.exec.index_bitwidth, false),
            batched: false,
            lowering: OnceCell::new(),
            interp: OnceCell::new(),
            llvm_level: OnceCell::new(),
            ciface: OnceCell::new(),
            jit: OnceCell::new(),
            upstream: OnceCell::new(),
            translate: OnceCell::new(),
            structure: OnceCell::new(),
        }
    }

    /// The case with `lowered` as its lowering (a test's wrong one).
    pub fn with_lowered(self, lowered: Module) -> Case<'a> {
        let _ = self.lowering.set(Ok(lowered));
        self
    }

    /// The case with `run` as the Standard interpreter's run.
    pub fn with_interp(self, run: InterpRun) -> Case<'a> {
        let _ = self.interp.set(Timed {
            run,
            took: Duration::ZERO,
        });
        self
    }

    /// The case with `batch` as its JIT batch.
    pub fn with_jit(self, batch: JitBatch) -> Case<'a> {
        let _ = self.jit.set(batch);
        self
    }

    /// Our lowering of the module (verified by our LLVM-dialect verifier: `lower_module`
    /// verifies its output), or the lowering's diagnostics.
    pub fn lowering(&self) -> Result<&Module, &str> {
        let made = self.lowering.get_or_init(|| {
            converter::lower::lower_module(self.module, &self.lopts)
                .map_err(|ds| super::joined(&ds))
        });
        made.as_ref().map_err(String::as_str)
    }

    /// The lowering, when it succeeded.
    pub fn lowered(&self) -> Option<&Module> {
        self.lowering().ok()
    }

    /// The Standard interpreter's run of the entry, timed.
    pub fn interp_timed(&self) -> &Timed {
        self.interp.get_or_init(|| {
            let started = Instant::now();
            let run =
                crate::exec::run_interp_traced(self.module, self.entry, self.args, &self.cfg.exec);
            Timed {
                run,
                took: started.elapsed(),
            }
        })
    }

    /// The Standard interpreter's run of the entry.
    pub fn interp(&self) -> &InterpRun {
        &self.interp_timed().run
    }

    /// The Standard interpreter's outcome.
    pub fn interp_outcome(&self) -> &Outcome {
        &self.interp().outcome
    }

    /// The Standard interpreter's outcome, taken out of the case, when it was made.
    pub fn take_interp_outcome(&mut self) -> Option<Outcome> {
        self.interp.take().map(|t| t.run.outcome)
    }

    /// The LLVM level's run of the lowering, when `cfg.llvm_level` asks for it, with
    /// fuel for the Standard run's steps ([`super::llvm_level::fuel`]).
    pub fn llvm_level(&self) -> &LlvmLevelRun {
        self.llvm_level.get_or_init(|| {
            let none = LlvmLevelRun {
                outcome: None,
                heap_calls: None,
            };
            let Some(lowered) = self.lowered().filter(|_| self.cfg.llvm_level) else {
                return none;
            };
            let fuel = super::llvm_level::fuel(self.interp().steps.unwrap_or(0));
            let (o, heap_calls) = crate::exec::run_llvm_level_traced(
                self.module,
                lowered,
                &self.lopts,
                self.entry,
                self.args,
                fuel,
            );
            match o {
                Outcome::Values(_) | Outcome::Ub(_) => LlvmLevelRun {
                    outcome: Some(o),
                    heap_calls,
                },
                _ => none,
            }
        })
    }

    /// The LLVM level's outcome, when it ran the case.
    pub fn llvm_level_outcome(&self) -> Option<&Outcome> {
        self.llvm_level().outcome.as_ref()
    }

    /// The C-interface oracle's plan (the calls of the JIT batch after the entry); a
    /// planned call of the entry with the case's arguments reads the interpreter's run
    /// of the case instead of running it again.
    pub fn ciface_plan(&self) -> &crate::ciface::Plan<'a> {
        self.ciface.get_or_init(|| {
            let known = |name: &str, args: &[RtValue]| {
                (name == self.entry && args == self.args).then(|| self.interp_outcome().clone())
            };
            crate::ciface::plan_knowing(self.module, &self.cfg.exec, self.cfg.jit, &known)
        })
    }

    /// The JIT batch: the entry, then the C-interface oracle's calls, in one compilation
    /// of the lowering (nothing when `cfg.jit` is off or the module does not lower).
    pub fn jit(&self) -> &JitBatch {
        self.jit.get_or_init(|| {
            let Some(lowered) = self.lowered().filter(|_| self.cfg.jit) else {
                return JitBatch::default();
            };
            let mut calls = vec![(self.entry, self.args)];
            calls.extend(self.ciface_plan().calls());
            let (exec, in_process) = (&self.cfg.exec, self.cfg.jit_in_process);
            crate::engines::jit::batch(self.module, lowered, &calls, exec, in_process)
        })
    }

    /// The JIT's outcome of the entry, when it ran.
    pub fn jit_entry(&self) -> Option<&Outcome> {
        self.jit().entry.as_ref()
    }

    /// Upstream's run of the entry ([`crate::engines::upstream`]): `Ok(None)` when it
    /// was not asked for (`cfg.upstream`) or the exporter or MLIR 22 cannot take the
    /// module, `Err` when a tool fails on it.
    pub fn upstream(&self) -> &Result<Option<Outcome>, String> {
        self.upstream.get_or_init(|| {
            if !self.cfg.upstream {
                return Ok(None);
            }
            let (exec, in_process) = (&self.cfg.exec, self.cfg.jit_in_process);
            let interp = self.interp_outcome();
            crate::engines::upstream::run(
                self.module,
                self.entry,
                self.args,
                exec,
                in_process,
                interp,
            )
        })
    }
}

/// The paths' outcomes, as the engines read them ([`crate::engines::Engine::run`]).
impl crate::engines::Runs for Case<'_> {
    fn interp(&self) -> &Outcome {
        self.interp_outcome()
    }

    fn llvm_level(&self) -> Option<&Outcome> {
        self.llvm_level_outcome()
    }

    fn jit(&self) -> Option<&Outcome> {
        self.jit_entry()
    }

    fn upstream(&self) -> Option<&Outcome> {
        self.upstream().as_ref().ok()?.as_ref()
    }
}
