//! One case through the oracles: the order they run in on a verified Standard module
//! (which is the precedence of their findings: the first one that does not agree is the
//! case's verdict), the artifacts they share (the lowering, the Standard interpreter's
//! run, the LLVM-level run, the JIT batch, upstream's outcome), and the classification
//! of the case (agree / finding / skipped), in the manner of Wasmtime's oracles. What
//! each oracle checks is in its row of [`super::REGISTRY`] (`stdlower oracles`).

use super::Oracle;
use crate::exec::{self, ExecOptions, NativeLimit, Outcome};
use converter::ir::{Module, OpKind, Successor};
use converter::lower::{lower_module, split_repeated_successors};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// Diagnostics as one line, `; `-separated (a finding's detail).
pub fn joined(ds: &[converter::diag::Diagnostic]) -> String {
    ds.iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

/// `lower_module` of a probe module an oracle builds, its diagnostics [`joined`].
pub fn lower_probe(
    probe: &Module,
    opts: &converter::lower::LowerOptions,
) -> Result<Module, String> {
    lower_module(probe, opts).map_err(|ds| joined(&ds))
}

/// The types of `m` a probe oracle draws from: each function's parameter and result
/// types, then the types of its body's values, in order, repeats included.
pub fn module_types(m: &Module) -> impl Iterator<Item = &converter::ir::Type> {
    m.funcs.iter().flat_map(|f| {
        let sig = match &f.ty {
            converter::ir::Type::Function(ft) => Some(ft.inputs.iter().chain(&ft.results)),
            _ => None,
        };
        let values = f.body.iter().flat_map(|b| b.values.iter().map(|v| &v.ty));
        sig.into_iter().flatten().chain(values)
    })
}

/// The name counted when the upstream oracle was asked for but the exporter cannot
/// express the module (a limit of ours, not a disagreement).
pub const UPSTREAM_UNSUPPORTED: Oracle = Oracle::UpstreamUnsupported;

/// How one case came out.
#[derive(Clone, Debug)]
pub enum Verdict {
    Agree,
    Finding {
        oracle: Oracle,
        detail: String,
    },
    /// Nothing can be concluded: UB, fuel or call depth in the interpreter, a timeout
    /// or an exhausted stack in a native path, or bad input.
    Skipped {
        kind: SkipKind,
        reason: String,
    },
}

/// Why a case was skipped: the category the campaign journal and report count skips by
/// (serialised as today's strings: `fuel`, `call-depth`, `timeout`, `native-stack`,
/// `ub`, `error`). Set where the skip is decided, never recovered from the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkipKind {
    /// The interpreter ran out of fuel.
    Fuel,
    /// The interpreter hit its call depth limit.
    CallDepth,
    /// A native path (JIT compilation or run) timed out.
    Timeout,
    /// A native path exhausted its stack.
    NativeStack,
    /// The interpreter found undefined behaviour.
    Ub,
    /// Anything else: bad input, an interpreter error.
    Error,
}

impl SkipKind {
    /// The category's name, as the journal writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            SkipKind::Fuel => "fuel",
            SkipKind::CallDepth => "call-depth",
            SkipKind::Timeout => "timeout",
            SkipKind::NativeStack => "native-stack",
            SkipKind::Ub => "ub",
            SkipKind::Error => "error",
        }
    }

    /// The kind of a native path's resource `limit`: a timeout or an exhausted stack.
    pub fn of_limit(limit: NativeLimit) -> SkipKind {
        match limit {
            NativeLimit::StackExhausted => SkipKind::NativeStack,
            NativeLimit::Timeout { .. } | NativeLimit::CompileTimeout { .. } => SkipKind::Timeout,
        }
    }
}

impl Verdict {
    pub fn is_finding(&self) -> bool {
        matches!(self, Verdict::Finding { .. })
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Agree => f.write_str("agree"),
            Verdict::Finding { oracle, detail } => write!(f, "FINDING [{oracle}]: {detail}"),
            Verdict::Skipped { reason, .. } => write!(f, "skipped: {reason}"),
        }
    }
}

/// Which oracles to run.
#[derive(Clone, Debug)]
pub struct OracleConfig {
    pub exec: ExecOptions,
    pub jit: bool,
    /// Run the JIT (and the upstream path's code) in this process instead of an
    /// isolated worker: much faster, but a crash of the generated code ends the process
    /// (what a fuzzer wants: it reports the input).
    pub jit_in_process: bool,
    pub mlir_translate: bool,
    /// Also run upstream MLIR's lowering of the module (`mlir-opt`, `mlir-translate`,
    /// then the isolated worker) and compare it with the other paths.
    pub upstream: bool,
    /// Also check that `stdlower lower`'s one-function-at-a-time paths print the text
    /// of the module checked here ([`crate::lower_paths`]).
    pub lower_paths: bool,
    /// With `lower_paths`, also run `lower_exe`'s `lower` command, in a process of its
    /// own, on the case made big (attributes nested as deep as the parser allows, a
    /// function of more than 10,000 values), whose printing must also read back
    /// ([`crate::lower_paths::big_variant_is_lowered`]).
    pub lower_paths_deep: bool,
    /// An executable with `stdlower`'s `lower` command (a campaign's own binary); `None`:
    /// `lower_paths_deep` is skipped.
    pub lower_exe: Option<std::path::PathBuf>,
    /// Also compare our lowering's signatures, attributes, calls and declarations with
    /// `mlir-opt`'s ([`crate::upstream_structure`]).
    pub upstream_structure: bool,
    /// Make the C-interface oracle's calls from a C program too (compiled by clang,
    /// [`crate::ciface::c_caller`]) on every Nth module it can (per thread); 0: never.
    pub c_caller_every: u64,
    /// Also interpret the lowered module at the LLVM level (`llinterp`) where the
    /// Standard interpreter returned, and compare (the `llvm-level` oracle).
    pub llvm_level: bool,
    /// Probe the lowering of unregistered ops with the case's types (the
    /// `unregistered-ops` oracle).
    pub unregistered_ops: bool,
    /// Prove every function of the case with the translation validator (the `tv`
    /// oracle: `check --tv`; off by default, and in the fuzz target).
    pub tv: bool,
}

impl Default for OracleConfig {
    fn default() -> Self {
        OracleConfig {
            exec: ExecOptions::default(),
            jit: true,
            jit_in_process: false,
            mlir_translate: false,
            upstream: false,
            lower_paths: false,
            lower_paths_deep: false,
            lower_exe: None,
            upstream_structure: false,
            c_caller_every: DEFAULT_C_CALLER_EVERY,
            llvm_level: true,
            unregistered_ops: true,
            tv: false,
        }
    }
}

/// The default of [`OracleConfig::c_caller_every`]: a C caller costs a compiler
/// process (tens of milliseconds), so campaigns sample it.
pub const DEFAULT_C_CALLER_EVERY: u64 = 1000;

/// What checking a module came to: its verdict and the oracles that ran on it, in the
/// order they ran (what the journal's oracle bits and report.json's `per_oracle` count).
#[derive(Clone, Debug)]
pub struct CheckReport {
    pub verdict: Verdict,
    pub ran: Vec<Oracle>,
}

impl CheckReport {
    /// A report of `verdict` with no oracle run.
    pub fn of(verdict: Verdict) -> CheckReport {
        CheckReport {
            verdict,
            ran: Vec::new(),
        }
    }

    /// Whether `oracle` ran.
    pub fn ran(&self, oracle: Oracle) -> bool {
        self.ran.contains(&oracle)
    }
}

/// A check that panicked: the panic, and the oracles that had started before it (the
/// one that panicked included).
#[derive(Debug)]
pub struct Panicked {
    pub panic: crate::panics::Panic,
    pub ran: Vec<Oracle>,
}

impl Panicked {
    /// The report of the check: a finding of the `panic` oracle, which counts as run
    /// after the others.
    pub fn into_report(self) -> CheckReport {
        let mut ran = self.ran;
        ran.push(crate::panics::ORACLE);
        CheckReport {
            verdict: Verdict::Finding {
                oracle: crate::panics::ORACLE,
                detail: self.panic.detail(),
            },
            ran,
        }
    }
}

/// Runs `check`, which records the oracles it starts in its argument; a panic in it
/// keeps the oracles that had started.
fn caught(check: impl FnOnce(&mut Vec<Oracle>) -> Verdict) -> Result<CheckReport, Panicked> {
    let mut ran = Vec::new();
    match crate::panics::catch(|| check(&mut ran)) {
        Ok(verdict) => Ok(CheckReport { verdict, ran }),
        Err(panic) => Err(Panicked { panic, ran }),
    }
}

/// Runs every enabled oracle on a verified Standard module's entry with arguments.
pub fn check_module(
    m: &Module,
    entry: &str,
    args: &[converter::value::RtValue],
    cfg: &OracleConfig,
) -> Verdict {
    check_module_traced(m, entry, args, cfg).verdict
}

/// Checks a generated module: it must verify and be free of undefined behaviour (the
/// generator avoids UB by construction, so UB is a generator bug, reported as a
/// finding of the `generator` oracle), then every oracle runs.
pub fn check_generated(m: &Module, cfg: &OracleConfig) -> CheckReport {
    let mut ran = Vec::new();
    let verdict = check_generated_in(m, cfg, &mut ran, None);
    CheckReport { verdict, ran }
}

/// The `mlir-translate` check of a case, left to the caller to run with other cases'
/// in one process ([`crate::mlir_translate::accepts_batch`]).
#[derive(Clone, Debug)]
pub struct DeferredTranslate {
    /// The lowered module as `mlir-translate` reads it.
    pub text: String,
    /// How many oracles had run when the check's turn came (itself included).
    ran_upto: usize,
}

impl DeferredTranslate {
    /// The case's report once `mlir-translate` has answered: a rejection is the
    /// verdict the check would have given in its place (it runs before the interpreter,
    /// so the oracles after it leave `ran`); an acceptance leaves the report as it is.
    /// The campaign folds it with [`super::check::fold_late`].
    pub fn resolve(self, mut report: CheckReport, answer: Result<(), String>) -> CheckReport {
        if let Err(detail) = answer {
            report.ran.truncate(self.ran_upto);
            report.verdict = Verdict::Finding {
                oracle: Oracle::MlirTranslate,
                detail,
            };
        }
        report
    }
}

/// [`check_generated`], except that when `cfg.mlir_translate` asks for the
/// `mlir-translate` check, it is not run but handed back (when the case got that far)
/// and the other oracles go on ([`DeferredTranslate::resolve`] gives the report
/// [`check_generated`] would have given), and that a panic is caught, with the oracles
/// that had started.
pub fn check_generated_deferring(
    m: &Module,
    cfg: &OracleConfig,
) -> Result<(CheckReport, Deferred), Panicked> {
    let mut deferred = Deferred::default();
    let report = caught(|ran| check_generated_in(m, cfg, ran, Some(&mut deferred)))?;
    Ok((report, deferred))
}

fn check_generated_in(
    m: &Module,
    cfg: &OracleConfig,
    ran: &mut Vec<Oracle>,
    deferred: Option<&mut Deferred>,
) -> Verdict {
    ran.push(Oracle::Generator);
    if let Err(ds) = converter::verify::verify_module(m) {
        let detail = joined(&ds);
        return Verdict::Finding {
            oracle: Oracle::Generator,
            detail: format!("the generated module does not verify: {detail}"),
        };
    }
    match check_module_in(m, "main", &[], cfg, ran, deferred) {
        Verdict::Skipped {
            kind: SkipKind::Ub,
            reason,
        } => Verdict::Finding {
            oracle: Oracle::Generator,
            detail: format!("the interpreter found undefined behaviour: {reason}"),
        },
        v => v,
    }
}

/// [`check_module`], with the oracles that ran.
pub fn check_module_traced(
    m: &Module,
    entry: &str,
    args: &[converter::value::RtValue],
    cfg: &OracleConfig,
) -> CheckReport {
    let mut ran = Vec::new();
    let verdict = check_module_in(m, entry, args, cfg, &mut ran, None);
    CheckReport { verdict, ran }
}

/// [`check_module_traced`], with a panic caught, with the oracles that had started.
pub fn check_module_caught(
    m: &Module,
    entry: &str,
    args: &[converter::value::RtValue],
    cfg: &OracleConfig,
) -> Result<CheckReport, Panicked> {
    caught(|ran| check_module_in(m, entry, args, cfg, ran, None))
}

/// Whether a native path's resource `limit` (see [`crate::native::resource_limit`]) is
/// a finding: an execution timeout (not the compilation's, not the stack) on a program
/// the interpreter finished in under half the native `budget`. Native code runs far
/// faster than the interpreter, so only code that loops where the source does not gets
/// there; a slow interpreter run leaves the timeout a skip.
fn timeout_is_finding(limit: NativeLimit, interp: Duration, budget: Duration) -> bool {
    matches!(limit, NativeLimit::Timeout { .. }) && interp * 2 < budget
}

/// The skip verdict of a case whose interpreter run did not return values.
fn interp_skip(before: &Outcome) -> Option<Verdict> {
    let (kind, reason) = match before {
        Outcome::Values(_) => return None,
        Outcome::Ub(msg) => (SkipKind::Ub, format!("UB: {msg}")),
        Outcome::OutOfFuel(msg) => (SkipKind::Fuel, msg.clone()),
        Outcome::CallDepth(msg) => (SkipKind::CallDepth, msg.clone()),
        Outcome::Crash(msg) | Outcome::Limit(_, msg) | Outcome::Error(msg) => {
            (SkipKind::Error, format!("interp: {msg}"))
        }
    };
    Some(Verdict::Skipped { kind, reason })
}

/// What a campaign's check hands back, to be finished in batches with other cases'.
#[derive(Debug, Default)]
pub struct Deferred {
    /// The `mlir-translate` check, when the case was sampled for it and got that far.
    pub translate: Option<DeferredTranslate>,
    /// Our lowering of the case, when it lowered: the checks made later from it
    /// (`upstream-structure`) read it instead of lowering the module again.
    pub lowered: Option<Module>,
}

/// A case past its lowering: what the stages after it read.
struct Lowered<'a> {
    m: &'a Module,
    entry: &'a str,
    args: &'a [converter::value::RtValue],
    cfg: &'a OracleConfig,
    lopts: &'a converter::lower::LowerOptions,
    lowered: &'a Module,
}

/// The oracles on `entry(args)` of `m`, in their order (the first that does not agree
/// is the verdict): the lowering (`llvm-verify`), the checks of its form, `mlir-translate`
/// (deferred into `deferred` when given), then the runs and their comparisons.
fn check_module_in(
    m: &Module,
    entry: &str,
    args: &[converter::value::RtValue],
    cfg: &OracleConfig,
    ran: &mut Vec<Oracle>,
    mut deferred: Option<&mut Deferred>,
) -> Verdict {
    // llvm-verify: the lowering succeeds and its output verifies (`lower_module` runs
    // `verify_llvm_module` on its output and fails with an "internal error: the lowered
    // module is invalid" diagnostic, so the module is verified once, there).
    ran.push(Oracle::LlvmVerify);
    let lopts = cfg.exec.pass.lower_options(cfg.exec.index_bitwidth, false);
    let lowered = match lower_module(m, &lopts) {
        Ok(l) => l,
        Err(ds) => {
            return Verdict::Finding {
                oracle: Oracle::LlvmVerify,
                detail: format!("lowering failed: {}", joined(&ds)),
            }
        }
    };
    let case = Lowered {
        m,
        entry,
        args,
        cfg,
        lopts: &lopts,
        lowered: &lowered,
    };
    let verdict = match form_checks(&case, ran) {
        Verdict::Agree => match translate_check(&case, ran, deferred.as_deref_mut()) {
            Verdict::Agree => run_paths(&case, ran),
            v => v,
        },
        v => v,
    };
    if let Some(d) = deferred {
        d.lowered = Some(lowered);
    }
    verdict
}

/// The `lower-paths` oracle's finding on a lowered case.
fn lower_paths_finding(c: &Lowered<'_>) -> Option<String> {
    let (m, lowered, lopts, cfg) = (c.m, c.lowered, c.lopts, c.cfg);
    // One or two threads, modern or legacy syntax: all four over the cases.
    let (jobs, syntax) = match m.funcs.len() % 4 {
        0 => (1, converter::llvm_print::Syntax::Modern),
        1 => (2, converter::llvm_print::Syntax::Legacy),
        2 => (2, converter::llvm_print::Syntax::Modern),
        _ => (1, converter::llvm_print::Syntax::Legacy),
    };
    crate::lower_paths::check(m, lowered, lopts, syntax, jobs)
        .or_else(|| crate::lower_paths::clash_is_rejected(m, lopts))
        .or_else(|| crate::lower_paths::runtime_clash_is_rejected(m, lowered, lopts))
        .or_else(|| {
            let exe = cfg.lower_exe.as_deref().filter(|_| cfg.lower_paths_deep)?;
            crate::lower_paths::big_variant_is_lowered(m, lopts, syntax, exe)
        })
}

/// The oracles on the lowered module's form, in their order: `lower-paths`,
/// `bare-ptr-signatures`, `unregistered-ops`, `arg-attrs`, `successor-split` (no
/// repeated successor).
fn form_checks(c: &Lowered<'_>, ran: &mut Vec<Oracle>) -> Verdict {
    let (m, lowered, lopts, cfg) = (c.m, c.lowered, c.lopts, c.cfg);
    let bare = cfg.exec.pass.use_bare_ptr_memref_call_conv;
    let mut answers: Vec<(Oracle, &dyn Fn() -> Option<String>)> = Vec::new();
    let lower_paths = || lower_paths_finding(c);
    if cfg.lower_paths {
        answers.push((crate::lower_paths::ORACLE, &lower_paths));
    }
    let bare_ptr = || crate::bare_ptr_rule::check(m, lopts);
    if bare {
        answers.push((crate::bare_ptr_rule::ORACLE, &bare_ptr));
    }
    let unregistered = || crate::unregistered_ops::check(m, lopts);
    if cfg.unregistered_ops {
        answers.push((crate::unregistered_ops::ORACLE, &unregistered));
    }
    let arg_attrs = || {
        crate::arg_attrs::check_calls(m, lowered)
            .or_else(|| crate::arg_attrs::check_kept_op_attrs(m, lowered))
            .or_else(|| {
                if bare {
                    crate::arg_attrs::check_bare_ptr(m, lowered)
                } else {
                    crate::arg_attrs::check(m, lowered)
                }
            })
    };
    answers.push((crate::arg_attrs::ORACLE, &arg_attrs));
    let repeated = || repeated_successor(lowered);
    answers.push((Oracle::SuccessorSplit, &repeated));
    super::check::fold(answers.into_iter().map(|(o, answer)| {
        ran.push(o);
        (o, super::check::Judged::of(answer()))
    }))
}

/// The `mlir-translate` oracle, when asked for: deferred into `deferred` when given
/// (and the tool is installed), else run here.
fn translate_check(
    c: &Lowered<'_>,
    ran: &mut Vec<Oracle>,
    deferred: Option<&mut Deferred>,
) -> Verdict {
    if !c.cfg.mlir_translate {
        return Verdict::Agree;
    }
    ran.push(Oracle::MlirTranslate);
    if let Some(slot) = deferred.filter(|_| crate::mlir_translate::tool_path().is_some()) {
        slot.translate = Some(DeferredTranslate {
            text: crate::mlir_translate::text_of(c.lowered),
            ran_upto: ran.len(),
        });
        return Verdict::Agree;
    }
    match mlir_translate_accepts(c.lowered) {
        Ok(()) => Verdict::Agree,
        Err(e) => Verdict::Finding {
            oracle: Oracle::MlirTranslate,
            detail: e,
        },
    }
}

/// The Standard interpreter's run of the case, timed (a UB, fuel or depth limit is the
/// case's skip), then `successor-split`'s run of the split module against it.
fn interp_and_split(c: &Lowered<'_>) -> Result<(exec::InterpRun, Duration), Verdict> {
    let (m, entry, args, cfg) = (c.m, c.entry, c.args, c.cfg);
    let interp_started = std::time::Instant::now();
    let run = exec::run_interp_traced(m, entry, args, &cfg.exec);
    let interp_time = interp_started.elapsed();
    if let Some(skip) = interp_skip(&run.outcome) {
        return Err(skip);
    }
    let before = &run.outcome;
    let mut split = m.clone();
    split_repeated_successors(&mut split);
    if let Err(ds) = converter::verify::verify_module(&split) {
        return Err(Verdict::Finding {
            oracle: Oracle::SuccessorSplit,
            detail: format!("the split module does not verify: {}", joined(&ds)),
        });
    }
    // Checked on the split itself, so that a split that does nothing cannot pass by
    // comparing the module with itself.
    if let Some(detail) = repeated_successor(&split) {
        return Err(Verdict::Finding {
            oracle: Oracle::SuccessorSplit,
            detail: format!("the split module still repeats a successor: {detail}"),
        });
    }
    let after = exec::run_interp(&split, entry, args, &cfg.exec);
    if !before.same_results(&after) {
        return Err(Verdict::Finding {
            oracle: Oracle::SuccessorSplit,
            detail: format!(
                "before splitting:\n{}after splitting:\n{}",
                before.render(),
                after.render()
            ),
        });
    }
    Ok((run, interp_time))
}

/// The JIT batch (when `cfg.jit`): the entry's outcome, the C-interface calls' answers
/// and, from the isolated worker, the heap blocks the entry left allocated.
struct JitBatch {
    entry: Option<Outcome>,
    ciface: Vec<Option<Outcome>>,
    heap_blocks: Option<i64>,
}

/// Runs the JIT batch of the case: the entry, then the C-interface oracle's calls, in
/// one compilation of the module.
fn jit_batch(c: &Lowered<'_>, ciface: &crate::ciface::Plan, ran: &mut Vec<Oracle>) -> JitBatch {
    let (m, lowered, entry, args, cfg) = (c.m, c.lowered, c.entry, c.args, c.cfg);
    let mut batch = JitBatch {
        entry: None,
        ciface: Vec::new(),
        heap_blocks: None,
    };
    if !cfg.jit {
        return batch;
    }
    ran.push(Oracle::InterpVsJit);
    let mut calls = vec![(entry, args)];
    calls.extend(ciface.calls());
    let mut answers = if cfg.jit_in_process {
        crate::native::run_lowered_jit_batch_in_process(m, lowered, &calls, &cfg.exec)
    } else {
        let (answers, heap_blocks) = crate::native::run_jit_batch(m, lowered, &calls, &cfg.exec);
        batch.heap_blocks = heap_blocks;
        answers
    };
    batch.ciface = answers.split_off(1.min(answers.len()));
    batch.entry = Some(match answers.pop().flatten() {
        Some(o) => o,
        None => exec::run_jit(m, entry, args, &cfg.exec),
    });
    batch
}

/// The `upstream` oracle's run, when asked for (`Err`: its finding).
fn upstream_run(c: &Lowered<'_>, ran: &mut Vec<Oracle>) -> Result<Option<Outcome>, Verdict> {
    if !c.cfg.upstream {
        return Ok(None);
    }
    match upstream_outcome(c.m, c.entry, c.args, c.cfg) {
        Ok(Some(o)) => {
            ran.push(Oracle::Upstream);
            Ok(Some(o))
        }
        Ok(None) => {
            ran.push(UPSTREAM_UNSUPPORTED);
            Ok(None)
        }
        Err(detail) => {
            ran.push(Oracle::Upstream);
            Err(Verdict::Finding {
                oracle: Oracle::Upstream,
                detail,
            })
        }
    }
}

/// A native path that ran out of time or stack says nothing about the code — unless it
/// timed out on a program the interpreter, far slower than native code, finished in
/// under half the native budget: then the lowered code loops where the source does
/// not, a finding.
fn native_limits(
    jit: Option<&Outcome>,
    upstream: Option<&Outcome>,
    before: &Outcome,
    interp_time: Duration,
    cfg: &OracleConfig,
) -> Option<Verdict> {
    let limits = [
        ("jit", Oracle::InterpVsJit, jit),
        ("upstream", Oracle::Upstream, upstream),
    ];
    for (path, oracle, o) in limits {
        if let Some(limit) = o.and_then(crate::native::resource_limit) {
            if timeout_is_finding(limit, interp_time, cfg.exec.timeout) {
                return Some(Verdict::Finding {
                    oracle,
                    detail: format!(
                        "{path}: {limit}, where the interpreter finished in {:.3} s:\n{}",
                        interp_time.as_secs_f64(),
                        before.render()
                    ),
                });
            }
            return Some(Verdict::Skipped {
                kind: SkipKind::of_limit(limit),
                reason: format!("{path}: {limit}"),
            });
        }
    }
    None
}

/// The stages that run the case: the Standard interpreter (and `successor-split`), the
/// LLVM level, the JIT batch, upstream; then the judgements, in order: the native
/// paths' limits, `interp-vs-jit`/`upstream`, the registered oracles of the JIT batch
/// (`heap-blocks`), `c-interface`, `upstream-structure` (in place, when asked),
/// `llvm-level`, `heap-sizes`.
fn run_paths(c: &Lowered<'_>, ran: &mut Vec<Oracle>) -> Verdict {
    let (m, cfg) = (c.m, c.cfg);
    let (run, interp_time) = match interp_and_split(c) {
        Ok(r) => r,
        Err(v) => return v,
    };
    let before = &run.outcome;
    // llvm-level: the LLVM level runs here, on the lowered module the other oracles
    // check; it is judged after them (a skip of its own when it cannot run).
    let (llvm_level, heap_calls) = if cfg.llvm_level {
        llvm_level_outcome(m, c.lowered, c.lopts, c.entry, c.args, run.steps, ran)
    } else {
        (None, None)
    };
    let ciface = crate::ciface::plan(m, cfg);
    let jit = jit_batch(c, &ciface, ran);
    let native = jit.entry.as_ref();
    let upstream = match upstream_run(c, ran) {
        Ok(u) => u,
        Err(v) => return v,
    };
    if let Some(v) = native_limits(native, upstream.as_ref(), before, interp_time, cfg) {
        return v;
    }
    // Where the JIT disagrees, the LLVM level's outcome says which path is wrong.
    let ll_shown = llvm_level
        .as_ref()
        .map(|l| llvm_level_section(before, l, native))
        .unwrap_or_default();
    let verdict = match (native, upstream) {
        (Some(j), None) if !before.same_results(j) => interp_vs_jit(before, j, &ll_shown),
        (j, Some(u)) => three_way(before, j, &u, &ll_shown),
        _ => Verdict::Agree,
    };
    if !matches!(verdict, Verdict::Agree) {
        return verdict;
    }
    // The registered oracles that need the JIT batch (heap-blocks).
    let case = super::check::Case {
        lowered: Some(c.lowered),
        interp: Some(before),
        interp_heap_blocks: run.heap_blocks,
        jit: native,
        jit_heap_blocks: jit.heap_blocks,
        ..super::check::Case::new(m, c.entry, c.args, cfg)
    };
    let verdict = super::check::run_ready(super::check::Need::JitBatch, &case, ran);
    if !matches!(verdict, Verdict::Agree) {
        return verdict;
    }
    let verdict = after_native(c, &ciface, &jit.ciface, ran);
    if !matches!(verdict, Verdict::Agree) {
        return verdict;
    }
    // llvm-level, judged after every other oracle agrees.
    if let Some(l) = &llvm_level {
        let v = llvm_level_verdict(before, l, native);
        if !matches!(v, Verdict::Agree) {
            return v;
        }
    }
    // The heap calls, once both levels agree on the values.
    heap_sizes_verdict(m, run.heap_events, heap_calls, c.lopts, ran)
}

/// `c-interface` (the C wrappers, called as C calls them, from the JIT batch's
/// answers), then `upstream-structure` when asked for in place.
fn after_native(
    c: &Lowered<'_>,
    ciface: &crate::ciface::Plan,
    ciface_answers: &[Option<Outcome>],
    ran: &mut Vec<Oracle>,
) -> Verdict {
    let (m, lowered, cfg) = (c.m, c.lowered, c.cfg);
    let part = crate::ciface::check_planned(m, lowered, cfg, ciface, ciface_answers);
    ran.extend(part.ran);
    if !matches!(part.verdict, Verdict::Agree) {
        return part.verdict;
    }
    if cfg.upstream_structure && !crate::upstream_structure::compared(&cfg.exec) {
        ran.push(crate::upstream_structure::UNSUPPORTED);
    } else if cfg.upstream_structure {
        let ib = cfg.exec.index_bitwidth;
        let part = crate::upstream_structure::check_lowered(m, lowered, ib, cfg.exec.pass);
        ran.extend(part.ran);
        return part.verdict;
    }
    Verdict::Agree
}

/// The `heap-sizes` oracle ([`crate::heap_sizes`]) on the Standard run's heap events
/// and the LLVM level's heap calls, recorded in `ran` when the LLVM level gave them.
fn heap_sizes_verdict(
    m: &Module,
    events: Option<Vec<interp::HeapEvent>>,
    calls: Option<Vec<llinterp::HeapCall>>,
    lopts: &converter::lower::LowerOptions,
    ran: &mut Vec<Oracle>,
) -> Verdict {
    if calls.is_none() {
        return Verdict::Agree;
    }
    ran.push(crate::heap_sizes::ORACLE);
    let detail = crate::heap_sizes::check(
        m,
        events.as_deref(),
        calls.as_deref(),
        lopts.index_bitwidth,
        lopts.use_aligned_alloc,
    );
    match detail {
        Some(detail) => Verdict::Finding {
            oracle: crate::heap_sizes::ORACLE,
            detail,
        },
        None => Verdict::Agree,
    }
}

/// The finding of the JIT's outcome `j` differing from the interpreter's `i`, with the
/// LLVM level's section `ll` ([`llvm_level_section`]) between theirs.
fn interp_vs_jit(i: &Outcome, j: &Outcome, ll: &str) -> Verdict {
    Verdict::Finding {
        oracle: Oracle::InterpVsJit,
        detail: format!("interp:\n{}{ll}jit:\n{}", i.render(), j.render()),
    }
}

/// Runs `entry` of `lowered` (the lowering of `m` under `lower`) at the LLVM level,
/// with fuel for a Standard run of `std_steps` steps, and records the oracle in `ran`:
/// `llvm-level` and the outcome (values, or UB), or `llvm-level-skipped` and `None`
/// when the LLVM level could not run the case.
fn llvm_level_outcome(
    m: &Module,
    lowered: &Module,
    lower: &converter::lower::LowerOptions,
    entry: &str,
    args: &[converter::value::RtValue],
    std_steps: Option<u64>,
    ran: &mut Vec<Oracle>,
) -> (Option<Outcome>, Option<Vec<llinterp::HeapCall>>) {
    let fuel = llvm_level_fuel(std_steps.unwrap_or(0));
    match exec::run_llvm_level_traced(m, lowered, lower, entry, args, fuel) {
        (o @ (Outcome::Values(_) | Outcome::Ub(_)), calls) => {
            ran.push(Oracle::LlvmLevel);
            (Some(o), calls)
        }
        _ => {
            ran.push(Oracle::LlvmLevelSkipped);
            (None, None)
        }
    }
}

/// The `llvm-level` oracle on `lowered`, the lowering of `m` under `cfg`'s options or
/// a module a test builds in its place (a wrong lowering): the Standard interpreter,
/// the LLVM level and, when `cfg.jit`, the JIT (in this process) on `lowered`, judged
/// and classified as [`check_module`] does, then the `heap-sizes` oracle; the other
/// oracles are left out.
pub fn check_lowered_llvm_level(
    m: &Module,
    lowered: &Module,
    entry: &str,
    args: &[converter::value::RtValue],
    cfg: &OracleConfig,
) -> CheckReport {
    let run = exec::run_interp_traced(m, entry, args, &cfg.exec);
    if let Some(skip) = interp_skip(&run.outcome) {
        return CheckReport::of(skip);
    }
    let before = run.outcome;
    let mut ran = Vec::new();
    let lopts = cfg.exec.pass.lower_options(cfg.exec.index_bitwidth, false);
    let (ll, heap_calls) = llvm_level_outcome(m, lowered, &lopts, entry, args, run.steps, &mut ran);
    let native = cfg.jit.then(|| {
        ran.push(Oracle::InterpVsJit);
        crate::native::run_lowered_jit_batch_in_process(m, lowered, &[(entry, args)], &cfg.exec)
            .pop()
            .flatten()
            .unwrap_or_else(|| Outcome::Error("the JIT made no call".into()))
    });
    let verdict = match (&native, &ll) {
        (Some(j), _) if !before.same_results(j) => {
            let shown = ll
                .as_ref()
                .map(|l| llvm_level_section(&before, l, Some(j)))
                .unwrap_or_default();
            interp_vs_jit(&before, j, &shown)
        }
        (_, Some(l)) => llvm_level_verdict(&before, l, native.as_ref()),
        (_, None) => Verdict::Agree,
    };
    let verdict = match verdict {
        Verdict::Agree => heap_sizes_verdict(m, run.heap_events, heap_calls, &lopts, &mut ran),
        v => v,
    };
    CheckReport { verdict, ran }
}

/// The LLVM-level interpreter's fuel for a case whose Standard run took `std_steps`:
/// a Standard op lowers to a handful of LLVM ops, so 20 times as many (and 10,000 for
/// the ABI's prologue and epilogue) are plenty; what runs out of them is a skip of the
/// `llvm-level` oracle.
pub fn llvm_level_fuel(std_steps: u64) -> u64 {
    std_steps.saturating_mul(20).saturating_add(10_000)
}

/// The first LLVM op an LLVM-level diagnostic names (`llvm.load`, from `...: llvm.load:
/// load of 4 bytes ...`).
fn llvm_op_in(msg: &str) -> Option<&str> {
    let i = msg.find("llvm.")?;
    let rest = &msg[i..];
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .unwrap_or(rest.len());
    Some(rest[..end].trim_end_matches('.'))
}

/// The `llvm-level` section of a finding of the native paths: the LLVM level's outcome
/// `l`, headed by which path it sides with; where the JIT (`jit`) disagrees with the
/// interpreter (`interp`), that names the path at fault. Its heading ends in `:` like
/// the other sections, and the native paths' sections stay the last. Nothing without
/// the JIT.
fn llvm_level_section(interp: &Outcome, l: &Outcome, jit: Option<&Outcome>) -> String {
    let Some(j) = jit else {
        return String::new();
    };
    let heading = if interp.same_results(j) {
        if interp.same_results(l) {
            "agrees with interp and the JIT"
        } else {
            "differs from interp and the JIT"
        }
    } else if interp.same_results(l) {
        "the interpreters agree, the JIT differs: LLVM's code generator, or a known upstream bug"
    } else if j.same_results(l) {
        "the interpreters disagree and the JIT sides with the LLVM level: the converter"
    } else if matches!(l, Outcome::Ub(_)) {
        "undefined behaviour in the lowered code: the converter"
    } else {
        "the LLVM level sides with neither: our LLVM-level interpreter, and another path"
    };
    format!("llvm-level ({heading}):\n{}", l.render())
}

/// The `llvm-level` oracle's verdict, once every other oracle agrees (so the JIT, when
/// it ran, returned what the Standard interpreter returned): the LLVM level's outcome
/// `l` must be the same values (equality), and not undefined behaviour or poison
/// (refinement: the Standard run returned, free of UB).
fn llvm_level_verdict(interp: &Outcome, l: &Outcome, jit: Option<&Outcome>) -> Verdict {
    if interp.same_results(l) {
        return Verdict::Agree;
    }
    let jit_says = match jit {
        Some(j) if interp.same_results(j) => "the JIT sides with the Standard interpreter",
        Some(_) => "the JIT sides with neither",
        None => "no JIT ran",
    };
    let first = match l {
        Outcome::Ub(msg) => {
            let op = llvm_op_in(msg)
                .map(|o| format!(" in '{o}'"))
                .unwrap_or_default();
            format!(
                "undefined behaviour{op} at the LLVM level on a UB-free Standard run \
                 ({jit_says}): the converter, or our LLVM-level interpreter: {msg}"
            )
        }
        _ if jit.is_some_and(|j| interp.same_results(j)) => format!(
            "the LLVM level disagrees with the Standard interpreter and stands alone \
             ({jit_says}): our LLVM-level interpreter"
        ),
        _ => format!(
            "the LLVM level disagrees with the Standard interpreter ({jit_says}): \
             our LLVM-level interpreter, or the converter"
        ),
    };
    let mut detail = format!(
        "{first}\ninterp:\n{}llvm-level:\n{}",
        interp.render(),
        l.render()
    );
    if let Some(j) = jit {
        detail.push_str(&format!("jit:\n{}", j.render()));
    }
    Verdict::Finding {
        oracle: Oracle::LlvmLevel,
        detail,
    }
}

/// Whether `m` has an `alloc` or `alloca` of vectors wider than 16 bytes whose explicit
/// `alignment` is below the vectors' ABI alignment on x86-64 (an n-D vector's is its
/// innermost 1-D vector's: its size rounded up to a power of two). Worked out here from
/// the Standard types, not asked of the converter.
fn under_aligned_wide_vector_alloc(m: &Module) -> bool {
    use converter::ir::Attribute;
    let vector_align = |t: &converter::ir::Type| {
        let v = t.as_vector()?;
        let inner = u64::from(v.elem.bit_width()?) * v.shape.last()?;
        let bytes = inner.div_ceil(8).next_power_of_two();
        (bytes > 16).then_some(bytes)
    };
    m.funcs.iter().filter_map(|f| f.body.as_ref()).any(|b| {
        b.walk_ops().any(|o| {
            let op = b.op(o);
            if !matches!(op.kind, OpKind::Alloc | OpKind::Alloca) {
                return false;
            }
            let Some(Attribute::Int { value, .. }) = op.attr("alignment") else {
                return false;
            };
            let elem = op
                .results
                .first()
                .and_then(|r| b.value_type(*r).as_memref())
                .and_then(|mt| vector_align(&mt.elem));
            elem.is_some_and(|a| *value < i128::from(a))
        })
    })
}

/// Upstream's outcome: `Ok(None)` when the exporter cannot express the module or the
/// tools are not installed, `Err` (a finding) when a tool crashes on or rejects it.
fn upstream_outcome(
    m: &Module,
    entry: &str,
    args: &[converter::value::RtValue],
    cfg: &OracleConfig,
) -> Result<Option<Outcome>, String> {
    use crate::upstream::{self, UpstreamError};
    let pass = cfg.exec.pass;
    if cfg.exec.index_bitwidth != 64 {
        // MLIR 22 declares malloc/aligned_alloc with index-typed sizes and realigns
        // pointers in the index type (docs/findings/mlir22-index32-alloc-truncates.md).
        return Ok(None);
    }
    if pass.use_bare_ptr_memref_call_conv && !pass.use_aligned_alloc {
        // MLIR 22 returns the allocated pointer of a memref under the bare pointer
        // convention (docs/findings/mlir22-bare-ptr-return-allocated.md): wrong code
        // whenever an allocation was realigned, which aligned_alloc never is.
        return Ok(None);
    }
    if under_aligned_wide_vector_alloc(m) {
        // MLIR 22 allocates to an explicit alignment below the element's and then moves
        // the elements with their ABI alignment (docs/upstream-differences.md,
        // "Allocation alignment"): undefined behaviour, which aligned AVX moves of
        // vectors wider than malloc's 16 bytes fault on.
        return Ok(None);
    }
    match upstream::to_llvm_ir(m, &cfg.exec) {
        Ok(ir) if cfg.jit_in_process => Ok(Some(crate::native::run_ir_in_process(
            m, &ir, entry, args, &cfg.exec,
        ))),
        Ok(ir) => Ok(Some(upstream::run_ir(m, &ir, entry, args, &cfg.exec))),
        Err(UpstreamError::Export(_) | UpstreamError::NotInstalled(_)) => Ok(None),
        Err(UpstreamError::Tool(msg)) => {
            Err(format!("upstream tools failed on a module we lower: {msg}"))
        }
    }
}

/// Compares the interpreter (`i`), our JIT (`j`, when it ran) and upstream (`u`): a
/// finding names the path that disagrees with the other two and shows every value. Two
/// paths that fail the same way (the same crash message) count as alike for naming the
/// odd one out; only equal values agree.
/// `ll` is the LLVM level's section ([`llvm_level_section`]), shown after interp's.
fn three_way(i: &Outcome, j: Option<&Outcome>, u: &Outcome, ll: &str) -> Verdict {
    let alike = |a: &Outcome, b: &Outcome| {
        a.same_results(b) || (a == b && !matches!(a, Outcome::Values(_)))
    };
    let iu = alike(i, u);
    let shown = |what: &str| {
        let mut d = format!("{what}\ninterp:\n{}{ll}", i.render());
        if let Some(j) = j {
            d.push_str(&format!("jit:\n{}", j.render()));
        }
        d.push_str(&format!("upstream:\n{}", u.render()));
        d
    };
    let Some(j) = j else {
        return if i.same_results(u) {
            Verdict::Agree
        } else {
            Verdict::Finding {
                oracle: Oracle::Upstream,
                detail: shown("upstream disagrees with interp"),
            }
        };
    };
    if i.same_results(j) && i.same_results(u) {
        return Verdict::Agree;
    }
    let ij = alike(i, j);
    let ju = alike(j, u);
    match (ij, iu, ju) {
        (true, true, _) => Verdict::Finding {
            oracle: Oracle::InterpVsJit,
            detail: shown("no path returned values"),
        },
        (true, false, _) => Verdict::Finding {
            oracle: Oracle::Upstream,
            detail: shown("upstream disagrees with interp and jit"),
        },
        (false, true, _) => Verdict::Finding {
            oracle: Oracle::InterpVsJit,
            detail: shown("jit disagrees with interp and upstream"),
        },
        (false, false, true) => Verdict::Finding {
            oracle: Oracle::InterpVsJit,
            detail: shown("interp disagrees with jit and upstream"),
        },
        (false, false, false) => Verdict::Finding {
            oracle: Oracle::InterpVsJit,
            detail: shown("all three paths disagree"),
        },
    }
}

/// The first terminator (of any kind, unregistered ones included) that names the same
/// block twice, described: what the spec's repeated successor removal leaves none of,
/// in the lowered module and in the Standard module split alone.
pub fn repeated_successor(m: &Module) -> Option<String> {
    for f in &m.funcs {
        let Some(body) = &f.body else { continue };
        for op in body.walk_ops() {
            let d = body.op(op);
            if let Some(i) = first_repeat(&d.successors) {
                return Some(format!(
                    "@{}: '{}' at {}:{} names block #{} twice",
                    f.name,
                    d.name(),
                    d.loc.line,
                    d.loc.col,
                    d.successors[i].block.0
                ));
            }
        }
    }
    None
}

/// The position of the first of `succs` that names a block an earlier one names.
pub fn first_repeat(succs: &[Successor]) -> Option<usize> {
    (1..succs.len()).find(|&i| succs[..i].iter().any(|s| s.block == succs[i].block))
}

/// The `mlir-translate` binary of the installed MLIR 22, if any.
pub fn mlir_translate_path() -> Option<std::path::PathBuf> {
    crate::mlir_translate::tool_path()
}

/// Feeds the modern printing of a lowered module to `mlir-translate --mlir-to-llvmir`
/// (`Ok` when the tool is not installed).
pub fn mlir_translate_accepts(lowered: &Module) -> Result<(), String> {
    crate::mlir_translate::accepts_text(&crate::mlir_translate::text_of(lowered))
}

/// A finding written as a corpus file test: the module, with a `run:` line holding the
/// interpreter's answer, so dropping it into `corpus/regressions/` gives a test that
/// fails until the bug is fixed.
pub fn finding_as_file_test(
    m: &Module,
    entry: &str,
    verdict: &Verdict,
    cfg: &OracleConfig,
) -> String {
    crate::reduce::reduced_file_test(m, entry, &verdict.to_string(), &cfg.exec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use converter::ir::Type;
    use converter::value::RtValue;

    /// Every oracle serialises to the name the journal, report.json, finding files and
    /// `--oracle` have always used, and reads back from it.
    #[test]
    fn oracles_keep_their_names() {
        let names = [
            "interp-vs-jit",
            "llvm-verify",
            "mlir-translate",
            "successor-split",
            "c-interface",
            "upstream",
            "lower-paths",
            "upstream-structure",
            "arg-attrs",
            "generator",
            "panic",
            "upstream-unsupported",
            "upstream-structure-unsupported",
            "llvm-level",
            "llvm-level-skipped",
            "bare-ptr-signatures",
            "unregistered-ops",
            "heap-sizes",
            "hang",
            "heap-blocks",
            "tv",
        ];
        assert_eq!(super::super::REGISTRY.len(), names.len());
        for name in names {
            let o = Oracle::from_name(name).expect("registered");
            assert_eq!(o.as_str(), name);
            assert_eq!(o.to_string(), name);
            assert_eq!(serde_json::to_string(&o).unwrap(), format!("\"{name}\""));
            assert_eq!(
                serde_json::from_str::<Oracle>(&format!("\"{name}\"")).unwrap(),
                o
            );
        }
        assert_eq!(Oracle::from_name("interp"), None);
    }

    /// The skip kinds serialise to the category names the journal and report.json have
    /// always counted, and a native limit's kind comes from the limit itself.
    #[test]
    fn skip_kinds_keep_their_journal_names() {
        use SkipKind::*;
        for (k, name) in [
            (Fuel, "fuel"),
            (CallDepth, "call-depth"),
            (Timeout, "timeout"),
            (NativeStack, "native-stack"),
            (Ub, "ub"),
            (Error, "error"),
        ] {
            assert_eq!(k.as_str(), name);
            assert_eq!(serde_json::to_string(&k).unwrap(), format!("\"{name}\""));
            assert_eq!(
                serde_json::from_str::<SkipKind>(&format!("\"{name}\"")).unwrap(),
                k
            );
        }
        assert_eq!(SkipKind::of_limit(NativeLimit::StackExhausted), NativeStack);
        assert_eq!(
            SkipKind::of_limit(NativeLimit::Timeout { secs: 5.0 }),
            Timeout
        );
        assert_eq!(
            SkipKind::of_limit(NativeLimit::CompileTimeout { secs: 5.0 }),
            Timeout
        );
    }

    /// The interpreter's two limits are skips of their own kinds, told apart by the
    /// trap the interpreter raised (not by its message).
    #[test]
    fn interpreter_limits_are_skips_of_their_kind() {
        let recursive = "func @f(%x: i32) -> i32 {\n  %r = call @f(%x) : (i32) -> i32\n  return %r : i32\n}\nfunc @main() -> i32 {\n  %c = constant 1 : i32\n  %r = call @f(%c) : (i32) -> i32\n  return %r : i32\n}\n";
        let looping = "func @main() -> i32 {\n  br ^bb1\n^bb1:\n  br ^bb1\n}\n";
        let cfg = OracleConfig {
            jit: false,
            ..OracleConfig::default()
        };
        for (src, fuel, want) in [
            (recursive, 10_000_000, SkipKind::CallDepth),
            (looping, 100_000, SkipKind::Fuel),
        ] {
            let mut cfg = cfg.clone();
            cfg.exec.fuel = fuel;
            let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).unwrap();
            match check_module(&m, "main", &[], &cfg) {
                Verdict::Skipped { kind, .. } => assert_eq!(kind, want, "{src}"),
                v => panic!("{src}: {v}"),
            }
        }
    }

    /// A native timeout is a finding only where the interpreter was quick; a stack
    /// overflow or a slow compilation never is.
    #[test]
    fn native_timeouts_on_quick_programs_are_findings() {
        let ms = Duration::from_millis;
        let run = NativeLimit::Timeout { secs: 5.0 };
        assert!(timeout_is_finding(run, ms(20), ms(5000)));
        assert!(!timeout_is_finding(run, ms(2600), ms(5000)));
        let compile = NativeLimit::CompileTimeout { secs: 300.0 };
        assert!(!timeout_is_finding(compile, ms(1), ms(5000)));
        assert!(!timeout_is_finding(
            NativeLimit::StackExhausted,
            ms(1),
            ms(5000)
        ));
    }

    fn vals(x: i128) -> Outcome {
        Outcome::Values(vec![(Type::i64(), RtValue::Int(x))])
    }

    /// Where the JIT differs from the interpreter, the LLVM level's section names the
    /// path at fault; it leaves the finding's bucket as it was.
    #[test]
    fn the_llvm_level_section_names_the_path_at_fault() {
        let (i, j) = (vals(1), vals(2));
        let section = |l: &Outcome, j: Option<&Outcome>| llvm_level_section(&i, l, j);
        assert!(section(&vals(1), Some(&j)).starts_with(
            "llvm-level (the interpreters agree, the JIT differs: LLVM's code generator"
        ));
        assert!(section(&vals(2), Some(&j)).starts_with(
            "llvm-level (the interpreters disagree and the JIT sides with the LLVM level: the converter):\ni64 2\n"
        ));
        let ub = Outcome::Ub("m.mlir:3:5: undefined behaviour: out of bounds: llvm.load: x".into());
        assert!(section(&ub, Some(&j)).contains("undefined behaviour in the lowered code"));
        assert!(section(&vals(3), Some(&j)).contains("sides with neither"));
        assert!(section(&vals(1), Some(&i)).contains("agrees with interp and the JIT"));
        assert_eq!(section(&vals(1), None), "");
        let crash = Outcome::Crash("m.mlir: crashed with SIGSEGV".into());
        for j in [vals(2), crash] {
            for l in [vals(1), vals(2), ub.clone()] {
                let sig = |v: Verdict| match v {
                    Verdict::Finding { oracle, detail } => {
                        crate::campaign::buckets::signature(oracle, &detail)
                    }
                    v => panic!("{v}"),
                };
                assert_eq!(
                    sig(interp_vs_jit(&i, &j, &section(&l, Some(&j)))),
                    sig(interp_vs_jit(&i, &j, ""))
                );
            }
        }
    }

    /// The oracle's own verdict: equal values agree; other values or UB are findings
    /// whose first line names the op and which way the JIT went.
    #[test]
    fn llvm_level_verdicts() {
        let i = vals(1);
        assert!(matches!(
            llvm_level_verdict(&i, &vals(1), Some(&i)),
            Verdict::Agree
        ));
        let ub = Outcome::Ub("m.mlir:3:5: undefined behaviour: out of bounds: llvm.load: x".into());
        match llvm_level_verdict(&i, &ub, Some(&i)) {
            Verdict::Finding { oracle, detail } => {
                assert_eq!(oracle, Oracle::LlvmLevel);
                assert!(detail.starts_with("undefined behaviour in 'llvm.load' at the LLVM level on a UB-free Standard run (the JIT sides with the Standard interpreter)"), "{detail}");
                assert_eq!(
                    crate::campaign::buckets::signature(oracle, &detail),
                    "llvm-level: 'llvm.load'"
                );
            }
            v => panic!("{v}"),
        }
        match llvm_level_verdict(&i, &vals(2), None) {
            Verdict::Finding { oracle, detail } => {
                assert_eq!(oracle, Oracle::LlvmLevel);
                assert!(
                    detail.starts_with(
                        "the LLVM level disagrees with the Standard interpreter (no JIT ran)"
                    ),
                    "{detail}"
                );
                assert!(
                    detail.ends_with("interp:\ni64 1\nllvm-level:\ni64 2\n"),
                    "{detail}"
                );
            }
            v => panic!("{v}"),
        }
        // Other values at the LLVM level while the JIT returns the Standard values: the
        // LLVM level stands alone, so the fault is in our LLVM-level interpreter.
        match llvm_level_verdict(&i, &vals(2), Some(&i)) {
            Verdict::Finding { detail, .. } => assert!(
                detail.starts_with(
                    "the LLVM level disagrees with the Standard interpreter and stands alone \
                     (the JIT sides with the Standard interpreter): our LLVM-level interpreter\n"
                ),
                "{detail}"
            ),
            v => panic!("{v}"),
        }
        assert_eq!(llvm_level_fuel(100), 12_000);
        assert_eq!(llvm_level_fuel(u64::MAX), u64::MAX);
    }

    /// The upstream oracle leaves out modules that allocate vectors wider than 16 bytes
    /// below their alignment (upstream's lowering is undefined there), and only those.
    #[test]
    fn under_aligned_wide_vector_allocations_are_recognized() {
        let module = |alloc: &str| {
            let src = format!("func @f() {{\n  %m = {alloc}\n  return\n}}\n");
            converter::syntax::parse_module("a.mlir", src.as_bytes()).expect("parses")
        };
        for (alloc, under) in [
            ("alloc() {alignment = 4} : memref<3xvector<6xf64>>", true),
            (
                "alloca() {alignment = 16} : memref<2xvector<2x8xf32>>",
                true,
            ),
            ("alloc() {alignment = 64} : memref<3xvector<6xf64>>", false),
            ("alloc() : memref<3xvector<6xf64>>", false),
            ("alloc() {alignment = 4} : memref<3xvector<2xf64>>", false),
            ("alloc() {alignment = 1} : memref<3xf64>", false),
        ] {
            assert_eq!(
                under_aligned_wide_vector_alloc(&module(alloc)),
                under,
                "{alloc}"
            );
        }
    }

    /// The successor-split oracle checks the split's result: a split that does nothing
    /// (the module compared with itself, as a mutant that empties
    /// `split_repeated_successors` made it) leaves a repeated successor, of a `cond_br`
    /// or of an unregistered terminator, which is a finding; the real split leaves none.
    #[test]
    fn a_split_that_does_nothing_is_a_successor_split_finding() {
        let src = r#"
func @main(%c: i1, %x: i32) -> i32 {
  cond_br %c, ^bb1(%x : i32), ^bb1(%x : i32)
^bb1(%y: i32):
  "test.two"(%y)[^bb2, ^bb2] : (i32) -> ()
^bb2:
  return %y : i32
}
"#;
        let m = converter::syntax::parse_module("t.mlir", src.as_bytes()).expect("parses");
        let unsplit = repeated_successor(&m).expect("repeated before the split");
        assert!(unsplit.contains("@main: 'std.cond_br'"), "{unsplit}");
        let mut split = m.clone();
        split_repeated_successors(&mut split);
        assert_eq!(repeated_successor(&split), None);
        // With only the cond_br split, the unregistered terminator still repeats one.
        let mut half = m.clone();
        let body = half.funcs[0].body.as_mut().unwrap();
        let t = body.terminator(body.layout[1]).unwrap();
        let unregistered = body.op(t).clone();
        converter::lower::split_body(body, OpKind::Br);
        let t = body.terminator(body.layout[1]).unwrap();
        *body.op_mut(t) = unregistered;
        let left = repeated_successor(&half).expect("the unregistered terminator's");
        assert!(left.contains("'test.two'"), "{left}");
    }

    /// Every assignment of three outcomes to (interp, jit, upstream): agreement exactly
    /// when all three match, and otherwise the finding names the odd path out (or says
    /// all three differ), under the oracle that owns the disagreeing pair.
    #[test]
    fn three_way_names_the_path_that_disagrees() {
        let pool = [vals(1), vals(2), vals(3), Outcome::Crash("crashed".into())];
        for i in &pool {
            for j in &pool {
                for u in &pool {
                    let v = three_way(i, Some(j), u, "");
                    let (ij, iu, ju) = (i == j, i == u, j == u);
                    let all_values = matches!(i, Outcome::Values(_));
                    match v {
                        Verdict::Agree => assert!(ij && iu && all_values, "{i:?} {j:?} {u:?}"),
                        Verdict::Finding { oracle, detail } => {
                            let first = detail.lines().next().unwrap_or("");
                            let want = match (ij, iu, ju) {
                                (true, false, _) => ("upstream", "upstream disagrees"),
                                (false, true, _) => ("interp-vs-jit", "jit disagrees"),
                                (false, false, true) => ("interp-vs-jit", "interp disagrees"),
                                (false, false, false) => ("interp-vs-jit", "all three"),
                                (true, true, _) if all_values => {
                                    panic!("agreeing paths reported: {detail}")
                                }
                                (true, true, _) => ("interp-vs-jit", "no path returned"),
                            };
                            assert_eq!((oracle.as_str(), &first[..want.1.len()]), want, "{detail}");
                            assert!(detail.contains("upstream:\n"), "{detail}");
                        }
                        Verdict::Skipped { reason, .. } => panic!("skipped: {reason}"),
                    }
                }
            }
        }
        // Without the JIT only interp and upstream are compared.
        assert!(matches!(
            three_way(&vals(1), None, &vals(1), ""),
            Verdict::Agree
        ));
        assert!(matches!(
            three_way(&vals(1), None, &vals(2), ""),
            Verdict::Finding {
                oracle: Oracle::Upstream,
                ..
            }
        ));
    }
}
