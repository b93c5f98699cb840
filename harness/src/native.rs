//! The adapter between the harness and the `jit` crate: runs lowered code in isolated
//! worker processes (this same binary, `stdlower __jit-worker`), one per harness thread,
//! so a crash or a hang of generated code becomes an outcome and parallel runs do not
//! queue behind one worker.

use crate::exec::{ExecOptions, Outcome};
use converter::ir::Module;
use converter::syntax::{print_module, PrintOptions};
use converter::value::RtValue;
use jit::{RunError, RunOptions, Worker};
use std::cell::RefCell;
use std::process::Command;

thread_local! {
    /// This thread's worker, started on first use and replaced only when it dies.
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

fn worker_command() -> Command {
    let exe = std::env::current_exe().unwrap_or_else(|_| "stdlower".into());
    let mut c = Command::new(exe);
    c.arg("__jit-worker");
    c
}

/// Lowers in this process first, so a conversion error is reported against the user's
/// file (the worker only sees the module as re-printed text).
fn lowers(m: &Module, opts: &ExecOptions) -> Result<(), Outcome> {
    crate::cmd::lower::lower(m, false, opts.index_bitwidth)
        .map(|_| ())
        .map_err(|f| Outcome::Error(f.message))
}

/// Runs the entry natively in this thread's isolated worker.
pub fn run_jit(m: &Module, entry: &str, args: &[RtValue], opts: &ExecOptions) -> Outcome {
    let results = match crate::exec::entry_signature(m, entry) {
        Ok((_, r)) => r,
        Err(f) => return Outcome::Error(f.message),
    };
    if let Err(o) = lowers(m, opts) {
        return o;
    }
    let text = print_module(m, &PrintOptions::default());
    let ropts = RunOptions {
        opt_level: opts.opt_level,
        timeout: opts.timeout,
        index_bitwidth: opts.index_bitwidth,
        emit_c_interface: false,
    };
    let r = WORKER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = Some(Worker::spawn(worker_command())?);
        }
        match slot.as_mut() {
            Some(w) => w.run(&text, entry, args, &ropts),
            None => Err(RunError::Error("no JIT worker".into())),
        }
    });
    match r {
        Ok(vals) => Outcome::Values(results.into_iter().zip(vals).collect()),
        Err(e @ (RunError::Crash { .. } | RunError::Timeout { .. })) => {
            Outcome::Crash(format!("{}: {e}", m.file))
        }
        Err(RunError::Error(msg)) => Outcome::Error(msg),
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
    let results = match crate::exec::entry_signature(m, entry) {
        Ok((_, r)) => r,
        Err(f) => return Outcome::Error(f.message),
    };
    let ropts = RunOptions {
        opt_level: opts.opt_level,
        timeout: opts.timeout,
        index_bitwidth: opts.index_bitwidth,
        emit_c_interface: false,
    };
    match jit::run_in_process(m, entry, args, &ropts) {
        Ok(vals) => Outcome::Values(results.into_iter().zip(vals).collect()),
        Err(e @ (RunError::Crash { .. } | RunError::Timeout { .. })) => {
            Outcome::Crash(e.to_string())
        }
        Err(RunError::Error(msg)) => Outcome::Error(msg),
    }
}

/// Like [`run_jit_in_process`] for `m` already lowered to `lowered` (by the caller, with
/// `opts.index_bitwidth` and no C interface): skips the JIT's own verification and
/// lowering of `m`, which would repeat the caller's.
pub fn run_lowered_jit_in_process(
    m: &Module,
    lowered: &Module,
    entry: &str,
    args: &[RtValue],
    opts: &ExecOptions,
) -> Outcome {
    register_externals_once();
    let (inputs, results) = match crate::exec::entry_signature(m, entry) {
        Ok(sig) => sig,
        Err(f) => return Outcome::Error(f.message),
    };
    let sig = jit::EntrySig {
        inputs,
        results: results.clone(),
    };
    let ropts = RunOptions {
        opt_level: opts.opt_level,
        timeout: opts.timeout,
        index_bitwidth: opts.index_bitwidth,
        emit_c_interface: false,
    };
    match jit::run_lowered_in_process(lowered, entry, &sig, args, &ropts) {
        Ok(vals) => Outcome::Values(results.into_iter().zip(vals).collect()),
        Err(e @ (RunError::Crash { .. } | RunError::Timeout { .. })) => {
            Outcome::Crash(e.to_string())
        }
        Err(RunError::Error(msg)) => Outcome::Error(msg),
    }
}

/// Serves JIT requests on stdin/stdout until stdin closes; returns the exit status.
pub fn serve_worker() -> i32 {
    crate::externals::register_with_jit();
    jit::serve_stdio()
}

/// LLVM IR for a lowered module.
pub fn translate(lowered: &Module) -> Result<String, String> {
    jit::translate_to_ir_string(lowered)
}
