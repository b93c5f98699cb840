//! The adapter between the harness and the `jit` crate: runs lowered code in isolated
//! worker processes (this same binary, `stdlower __jit-worker`), one per harness thread,
//! so a crash or a hang of generated code becomes an outcome and parallel runs do not
//! queue behind one worker.

use crate::exec::{ExecOptions, Outcome};
use converter::diag::Diagnostic;
use converter::ir::{Module, OpKind};
use converter::syntax::{print_module, PrintOptions};
use converter::value::RtValue;
use jit::{RunError, RunOptions, Worker};
use std::cell::RefCell;
use std::process::Command;

thread_local! {
    /// This thread's worker, started on first use and replaced only when it dies.
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// The command that starts a JIT worker: this same binary ([`crate::process::this_exe`]),
/// `__jit-worker`.
pub fn worker_command() -> Command {
    let mut c = Command::new(crate::process::this_exe::path());
    c.arg("__jit-worker");
    c
}

/// Lowers in this process first, so a conversion error is reported against the user's
/// file (the worker only sees the module as re-printed text).
fn lowers(m: &Module, opts: &ExecOptions) -> Result<(), Outcome> {
    stdlower_front::lower::lower(m, &opts.pass.lower_options(opts.index_bitwidth, false))
        .map(|_| ())
        .map_err(|f| Outcome::Error(f.message))?;
    match unregistered_op(m).or_else(|| foreign_memory_space(m)) {
        Some(d) => Err(Outcome::Error(crate::input::render_in(m, &d))),
        None => Ok(()),
    }
}

/// The first memref in a memory space the host does not treat as plain memory (above
/// `jit::translate::MAX_HOST_ADDR_SPACE`), as a located error: the function for its
/// signature, else the op or block that defines such a value.
fn foreign_memory_space(m: &Module) -> Option<Diagnostic> {
    let max = u64::from(jit::translate::MAX_HOST_ADDR_SPACE);
    let foreign = |t: &converter::ir::Type| match t {
        converter::ir::Type::Function(f) => f
            .inputs
            .iter()
            .chain(&f.results)
            .find_map(|t| t.memory_space().filter(|&s| s > max)),
        t => t.memory_space().filter(|&s| s > max),
    };
    let found = m.funcs.iter().find_map(|f| {
        if let Some(s) = foreign(&f.ty) {
            return Some((f.loc, s));
        }
        let b = f.body.as_ref()?;
        b.layout.iter().find_map(|&bl| {
            let block = &b.blocks[bl.index()];
            if let Some(s) = block.args.iter().find_map(|&a| foreign(b.value_type(a))) {
                return Some((f.loc, s));
            }
            block.ops.iter().find_map(|&o| {
                let op = &b.ops[o.index()];
                let s = op.results.iter().find_map(|&r| foreign(b.value_type(r)))?;
                Some((op.loc, s))
            })
        })
    })?;
    Some(Diagnostic::error(
        found.0,
        format!(
            "cannot run memory space {}: the host runs memory spaces 0 to {max} as plain memory",
            found.1
        ),
    ))
}

/// The first unregistered op (`"foo.bar"() : () -> ()`) in `m`, as a located error:
/// lowering passes such ops through, but no code can be generated for them, and the
/// worker would report them against the re-printed text instead of the user's file.
fn unregistered_op(m: &Module) -> Option<Diagnostic> {
    m.funcs
        .iter()
        .filter_map(|f| f.body.as_ref())
        .find_map(|b| {
            let op = b
                .layout
                .iter()
                .flat_map(|&bl| &b.blocks[bl.index()].ops)
                .map(|&o| &b.ops[o.index()])
                .find(|op| op.kind == OpKind::Unregistered)?;
            Some(Diagnostic::error(
                op.loc,
                format!(
                    "cannot run unregistered op '{}': it has no code to execute",
                    op.name()
                ),
            ))
        })
}

/// The Standard function an entry runs: `_mlir_ciface_f` (not itself in the module)
/// is `f` called through its C wrapper (see `jit::Jit::run`).
fn std_entry<'a>(m: &Module, entry: &'a str) -> &'a str {
    entry
        .strip_prefix(jit::exec::CIFACE_PREFIX)
        .filter(|n| m.func(entry).is_none() && m.func(n).is_some())
        .unwrap_or(entry)
}

/// The C interface expected of the wrapper `entry` names (`_mlir_ciface_f` for `f`
/// of `m`, see [`std_entry`]), derived from `f`'s Standard signature by
/// [`crate::abi::expect`]; `None` when `entry` is no wrapper.
fn expected_c_interface(
    m: &Module,
    entry: &str,
    index_bits: u32,
) -> Result<Option<jit::CInterface>, String> {
    let std_name = std_entry(m, entry);
    if std_name == entry {
        return Ok(None);
    }
    let ft = m
        .func(std_name)
        .and_then(|f| f.std_type())
        .ok_or_else(|| format!("no function @{std_name}"))?;
    crate::abi::expect::c_interface(ft, index_bits)
        .map(Some)
        .map_err(|e| format!("@{entry}: no C interface: {e}"))
}

/// Runs the entry natively in this thread's isolated worker.
pub fn run_jit(m: &Module, entry: &str, args: &[RtValue], opts: &ExecOptions) -> Outcome {
    let c_interface = match expected_c_interface(m, entry, opts.index_bitwidth) {
        Ok(c) => c,
        Err(e) => return Outcome::Error(e),
    };
    run_on_worker(m, entry, opts, |w, text, ropts| {
        let call = jit::WorkerCall {
            entry,
            args,
            c_interface: c_interface.as_ref(),
        };
        w.run_call(text, &call, ropts)
    })
}

/// What [`run_jit`] and [`run_ir`] share: the entry's result types, lowering in this
/// process first (see [`lowers`]), then `run` on this thread's worker with the module's
/// text, its answer as an outcome.
fn run_on_worker(
    m: &Module,
    entry: &str,
    opts: &ExecOptions,
    run: impl FnOnce(&mut Worker, &str, &RunOptions) -> Result<Vec<RtValue>, RunError>,
) -> Outcome {
    let results = match crate::exec::entry_signature(m, std_entry(m, entry)) {
        Ok((_, r)) => r,
        Err(f) => return Outcome::Error(f.message),
    };
    if let Err(o) = lowers(m, opts) {
        return o;
    }
    let text = print_module(m, &PrintOptions::default());
    let ropts = run_options(opts);
    let r = with_worker(|w| run(w, &text, &ropts));
    outcome(m, results, r)
}

/// Makes several calls (entry, arguments) of `m` with one compilation in this thread's
/// isolated worker; each answer is what [`run_jit`] of that call alone gives, or `None`
/// when the call was not made because an earlier one crashed or timed out (make it
/// alone to know its outcome). `m` must lower (the oracles lower it before they get
/// here): unlike [`run_jit`], this does not lower it again in this process first.
/// `lowered` is `m` lowered with `opts` (no C interface option): with a
/// [`crate::jit_pool`] installed, it goes to the pool's worker as it is, compiled with
/// other threads' modules, and the worker neither parses nor lowers `m` again.
pub fn run_jit_batch(
    m: &Module,
    lowered: &Module,
    calls: &[(&str, &[RtValue])],
    opts: &ExecOptions,
) -> (Vec<Option<Outcome>>, Option<i64>) {
    let (mut answers, sent) = signed_calls(m, calls, opts.index_bitwidth);
    if sent.is_empty() {
        return (answers, None);
    }
    let ropts = run_options(opts);
    if let Some(pool) = crate::jit_pool::installed() {
        let item = jit::EncodedItem::new(lowered, &jit_calls(&sent), &ropts);
        let (got, blocks) = pool.run(item);
        let first = sent.iter().position(|c| c.index == 0);
        let heap_blocks = first.and_then(|k| blocks.get(k).copied().flatten());
        for (c, a) in sent.into_iter().zip(got) {
            answers[c.index] = a.map(|a| outcome(m, c.sig.results, a));
        }
        return (answers, heap_blocks);
    }
    let text = print_module(m, &PrintOptions::default());
    let batch: Vec<jit::WorkerCall<'_>> = sent
        .iter()
        .map(|c| jit::WorkerCall {
            entry: c.entry,
            args: c.args,
            c_interface: c.sig.c_interface.as_ref(),
        })
        .collect();
    let mut heap_blocks = None;
    let got = match on_worker(|w| {
        let got = w.run_batch_calls(&text, &batch, &ropts);
        let first = sent.iter().position(|c| c.index == 0);
        heap_blocks = first.and_then(|k| w.heap_blocks().get(k).copied().flatten());
        got.into_iter()
            .map(|a| a.map(|r| r.map_err(|e| with_note(w, e))))
            .collect::<Vec<_>>()
    }) {
        Ok(got) => got,
        Err(e) => vec![Some(Err((e, String::new()))); sent.len()],
    };
    for (c, a) in sent.into_iter().zip(got) {
        answers[c.index] = a.map(|a| outcome(m, c.sig.results, a));
    }
    (answers, heap_blocks)
}

/// A call of a batch whose entry has a Standard signature, to be made.
struct SignedCall<'c> {
    index: usize,
    entry: &'c str,
    args: &'c [RtValue],
    sig: jit::EntrySig,
}

/// The calls to make, as the JIT takes them.
fn jit_calls<'c>(sent: &'c [SignedCall<'_>]) -> Vec<jit::Call<'c>> {
    sent.iter()
        .map(|c| jit::Call {
            entry: c.entry,
            sig: &c.sig,
            args: c.args,
        })
        .collect()
}

/// Splits a batch: the calls whose entry has no Standard signature (or, for a
/// wrapper, no C interface) are answered now (the other answers are `None`), the
/// others come back with their signatures, a wrapper's with the C interface expected
/// of it.
fn signed_calls<'c>(
    m: &Module,
    calls: &[(&'c str, &'c [RtValue])],
    index_bits: u32,
) -> (Vec<Option<Outcome>>, Vec<SignedCall<'c>>) {
    let mut answers: Vec<Option<Outcome>> = vec![None; calls.len()];
    let mut sent = Vec::new();
    for (index, &(entry, args)) in calls.iter().enumerate() {
        let sig = crate::exec::entry_signature(m, std_entry(m, entry))
            .map_err(|f| f.message)
            .and_then(|(inputs, results)| {
                Ok(jit::EntrySig {
                    inputs,
                    results,
                    c_interface: expected_c_interface(m, entry, index_bits)?,
                })
            });
        match sig {
            Ok(sig) => sent.push(SignedCall {
                index,
                entry,
                args,
                sig,
            }),
            Err(e) => answers[index] = Some(Outcome::Error(e)),
        }
    }
    (answers, sent)
}

/// Runs `entry` of LLVM IR made elsewhere from `m` (upstream MLIR's lowering) in this
/// thread's isolated worker, called as our lowering of `m` would call it.
pub fn run_ir(m: &Module, ir: &str, entry: &str, args: &[RtValue], opts: &ExecOptions) -> Outcome {
    run_on_worker(m, entry, opts, |w, text, ropts| {
        w.run_ir(text, ir, entry, args, ropts)
    })
}

fn run_options(opts: &ExecOptions) -> RunOptions {
    RunOptions {
        opt_level: opts.opt_level,
        timeout: opts.timeout,
        index_bitwidth: opts.index_bitwidth,
        compile_timeout: RunOptions::default().compile_timeout,
        emit_c_interface: false,
        use_aligned_alloc: opts.pass.use_aligned_alloc,
        use_bare_ptr_memref_call_conv: opts.pass.use_bare_ptr_memref_call_conv,
    }
}

/// Ends this thread's worker now (it closes its input and is waited for), instead of
/// whenever the thread's locals are dropped: a thread that is done with the JIT calls
/// it, so the worker has exited, and its CPU time is counted, before the process ends.
pub fn stop_worker() {
    let w = WORKER.with(|cell| cell.borrow_mut().take());
    drop(w);
}

/// Calls `f` with this thread's worker, started first if needed.
/// With a [`crate::jit_pool`] installed, a worker of the pool instead.
fn on_worker<R>(f: impl FnOnce(&mut Worker) -> R) -> Result<R, RunError> {
    // The worker has its own timeouts: waiting for it is not this thread's own work.
    crate::process::watchdog::outside(|| on_worker_waiting(f))
}

fn on_worker_waiting<R>(f: impl FnOnce(&mut Worker) -> R) -> Result<R, RunError> {
    if let Some(pool) = crate::jit_pool::installed() {
        return pool.with_worker(f);
    }
    WORKER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = Some(Worker::spawn(worker_command())?);
        }
        match slot.as_mut() {
            Some(w) => Ok(f(w)),
            None => Err(RunError::Error("no JIT worker".into())),
        }
    })
}

/// A worker's error with the note of its last stderr lines when it crashed (LLVM's
/// `LLVM ERROR: ...` before an abort, for instance).
fn with_note(w: &Worker, e: RunError) -> (RunError, String) {
    let note = match e {
        RunError::Crash { .. } => crate::process::worker_stderr::stderr_note(w.crash_stderr()),
        _ => String::new(),
    };
    (e, note)
}

/// Calls `f` with this thread's worker (see [`on_worker`]); a crash carries the
/// worker's last stderr lines.
fn with_worker(
    f: impl FnOnce(&mut Worker) -> Result<Vec<RtValue>, RunError>,
) -> Result<Vec<RtValue>, (RunError, String)> {
    match on_worker(|w| f(w).map_err(|e| with_note(w, e))) {
        Ok(r) => r,
        Err(e) => Err((e, String::new())),
    }
}

/// A worker's answer as an outcome with the entry's result types.
fn outcome(
    m: &Module,
    results: Vec<converter::ir::Type>,
    r: Result<Vec<RtValue>, (RunError, String)>,
) -> Outcome {
    match r {
        Ok(vals) => Outcome::Values(results.into_iter().zip(vals).collect()),
        Err((e @ RunError::Crash { .. }, note)) => Outcome::Crash(format!("{}: {e}{note}", m.file)),
        Err((RunError::Error(msg), _)) => Outcome::Error(msg),
        Err((e, _)) => match crate::exec::NativeLimit::of(&e) {
            Some(limit) => Outcome::Limit(limit, format!("{}: {e}", m.file)),
            None => Outcome::Crash(format!("{}: {e}", m.file)),
        },
    }
}

/// When a native path's outcome is a resource limit rather than an answer — a timeout
/// (of the code or of its compilation) or a stack overflow — the reason, for a skip:
/// nothing can be concluded from it about the code.
pub fn resource_limit(o: &Outcome) -> Option<crate::exec::NativeLimit> {
    match o {
        Outcome::Limit(limit, _) => Some(*limit),
        _ => None,
    }
}

/// Registers the harness's externals with the in-process JIT, once per process.
fn register_externals_once() {
    static REGISTER: std::sync::Once = std::sync::Once::new();
    REGISTER.call_once(crate::externals::register_with_jit);
}

/// Runs the entry natively in this process (no isolation: a crash ends the process).
pub fn run_jit_in_process(
    m: &Module,
    entry: &str,
    args: &[RtValue],
    opts: &ExecOptions,
) -> Outcome {
    register_externals_once();
    let results = match crate::exec::entry_signature(m, std_entry(m, entry)) {
        Ok((_, r)) => r,
        Err(f) => return Outcome::Error(f.message),
    };
    let c_interface = match expected_c_interface(m, entry, opts.index_bitwidth) {
        Ok(c) => c,
        Err(e) => return Outcome::Error(e),
    };
    in_process_outcome(
        results,
        jit::run_in_process_with(m, entry, args, c_interface, &run_options(opts)),
    )
}

/// [`run_jit_batch`] in this process, for `m` already lowered to `lowered` (by the
/// caller, with `opts.index_bitwidth` and no C interface, so the JIT does not verify and
/// lower it again): every call is made (a crash ends the process).
pub fn run_lowered_jit_batch_in_process(
    m: &Module,
    lowered: &Module,
    calls: &[(&str, &[RtValue])],
    opts: &ExecOptions,
) -> Vec<Option<Outcome>> {
    register_externals_once();
    let (mut answers, sent) = signed_calls(m, calls, opts.index_bitwidth);
    let got = jit::run_lowered_calls_in_process(lowered, &jit_calls(&sent), &run_options(opts));
    for (c, r) in sent.iter().zip(got) {
        answers[c.index] = Some(in_process_outcome(c.sig.results.clone(), r));
    }
    answers
}

/// One module of [`run_lowered_jit_multi_in_process`]: the Standard module, its
/// lowering (as [`run_lowered_jit_batch_in_process`] takes it), the calls and options.
pub type InProcessItem<'a> = (
    &'a Module,
    &'a Module,
    &'a [(&'a str, &'a [RtValue])],
    &'a ExecOptions,
);

/// [`run_lowered_jit_batch_in_process`] of several modules compiled together
/// ([`jit::Jit::run_lowered_multi`]): each item's answers are what that function gives
/// for the item alone; and the number of LLVM modules compiled for them.
pub fn run_lowered_jit_multi_in_process(
    items: &[InProcessItem<'_>],
) -> (Vec<Vec<Option<Outcome>>>, usize) {
    register_externals_once();
    let signed: Vec<_> = items
        .iter()
        .map(|&(m, _, calls, opts)| signed_calls(m, calls, opts.index_bitwidth))
        .collect();
    let ropts: Vec<RunOptions> = items.iter().map(|it| run_options(it.3)).collect();
    let jit_calls: Vec<Vec<jit::Call<'_>>> =
        signed.iter().map(|(_, sent)| jit_calls(sent)).collect();
    let multi: Vec<jit::MultiItem<'_>> = items
        .iter()
        .zip(&jit_calls)
        .zip(&ropts)
        .map(|((it, calls), opts)| jit::MultiItem {
            lowered: it.1,
            calls,
            opts,
        })
        .collect();
    let (got, compiled) = jit::exec::run_lowered_multi_in_process(&multi);
    let answers = signed
        .into_iter()
        .zip(got)
        .map(|((mut answers, sent), got)| {
            for (c, r) in sent.iter().zip(got) {
                answers[c.index] = Some(in_process_outcome(c.sig.results.clone(), r));
            }
            answers
        })
        .collect();
    (answers, compiled)
}

/// [`run_ir`] in this process (no isolation: a crash ends the process), for fuzzing.
pub fn run_ir_in_process(
    m: &Module,
    ir: &str,
    entry: &str,
    args: &[RtValue],
    opts: &ExecOptions,
) -> Outcome {
    register_externals_once();
    let (inputs, results) = match crate::exec::entry_signature(m, entry) {
        Ok(sig) => sig,
        Err(f) => return Outcome::Error(f.message),
    };
    let lowered =
        match stdlower_front::lower::lower(m, &opts.pass.lower_options(opts.index_bitwidth, false))
        {
            Ok(l) => l,
            Err(f) => return Outcome::Error(f.message),
        };
    let sig = jit::EntrySig {
        inputs,
        results: results.clone(),
        c_interface: None,
    };
    let r = jit::run_ir_in_process(ir, &lowered, entry, &sig, args, &run_options(opts));
    in_process_outcome(results, r)
}

/// An in-process JIT answer as an outcome with the entry's result types.
fn in_process_outcome(
    results: Vec<converter::ir::Type>,
    r: Result<Vec<RtValue>, RunError>,
) -> Outcome {
    match r {
        Ok(vals) => Outcome::Values(results.into_iter().zip(vals).collect()),
        Err(RunError::Error(msg)) => Outcome::Error(msg),
        Err(e) => match crate::exec::NativeLimit::of(&e) {
            Some(limit) => Outcome::Limit(limit, e.to_string()),
            None => Outcome::Crash(e.to_string()),
        },
    }
}

/// Serves JIT requests on stdin/stdout until stdin closes; returns the exit status.
pub fn serve_worker() -> i32 {
    crate::externals::register_with_jit();
    jit::serve_stdio()
}

/// LLVM IR for a lowered module.
pub fn translate(lowered: &Module) -> Result<String, jit::JitError> {
    jit::translate_to_ir_string(lowered)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worker's timeouts and stack overflows are resource limits, carried as such
    /// (their messages as before); a crash is not, whatever its stderr says.
    #[test]
    fn only_timeouts_and_stack_overflows_are_resource_limits() {
        use crate::exec::NativeLimit;
        let m = Module::new("m.mlir");
        let answer = |e: RunError, note: &str| outcome(&m, Vec::new(), Err((e, note.into())));
        for (e, limit, text) in [
            (
                RunError::StackExhausted,
                NativeLimit::StackExhausted,
                "m.mlir: native stack exhausted\n",
            ),
            (
                RunError::Timeout { secs: 2.0 },
                NativeLimit::Timeout { secs: 2.0 },
                "m.mlir: timed out after 2 s\n",
            ),
            (
                RunError::CompileTimeout { secs: 300.0 },
                NativeLimit::CompileTimeout { secs: 300.0 },
                "m.mlir: the JIT compilation timed out after 300 s\n",
            ),
        ] {
            let o = answer(e, "");
            assert_eq!(resource_limit(&o), Some(limit));
            assert_eq!(o.render(), text);
        }
        for (e, note) in [
            (
                RunError::Crash {
                    signal: "SIGABRT".into(),
                },
                " (worker stderr: native stack exhausted)",
            ),
            (
                RunError::Crash {
                    signal: "SIGSEGV".into(),
                },
                " (worker stderr: timed out after 2 s)",
            ),
            (RunError::Exited { status: 3 }, ""),
            (RunError::Error("m.mlir: timed out after 2 s".into()), ""),
        ] {
            let o = answer(e, note);
            assert_eq!(resource_limit(&o), None, "{o:?}");
        }
    }
}
