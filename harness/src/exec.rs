//! Running a module's entry point on an execution path (the reference interpreter or
//! the lowered code under the JIT) and classifying what happened, so that `interp`,
//! `run`, the file tests and the oracles all print and compare outcomes the same way.

use crate::exit;
use crate::input::{render_in, Failure};
use converter::diag::{Diagnostic, Loc};
use converter::ir::{Module, Type};
use converter::value::{format_result, parse_value, same_value, RtValue};
use std::time::Duration;

/// What one execution of an entry point produced.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Normal return, with the entry function's result types.
    Values(Vec<(Type, RtValue)>),
    /// Undefined behaviour found by the interpreter (rendered, located message).
    Ub(String),
    /// The interpreter ran out of fuel or call depth.
    OutOfFuel(String),
    /// The native code crashed or timed out ("crashed with SIGSEGV", "timed out after 2 s").
    Crash(String),
    /// Anything else that stopped the run: a lowering/translation error, a missing external.
    Error(String),
}

impl Outcome {
    /// The lines `interp` and `run` print: one `TYPE VALUE` line per result, or the message.
    pub fn render(&self) -> String {
        match self {
            Outcome::Values(vs) => vs.iter().map(|(t, v)| format_result(t, v) + "\n").collect(),
            Outcome::Ub(m) | Outcome::OutOfFuel(m) | Outcome::Crash(m) | Outcome::Error(m) => {
                format!("{m}\n")
            }
        }
    }
    /// The exit status of DESIGN.md for this outcome.
    pub fn status(&self) -> i32 {
        match self {
            Outcome::Values(_) => exit::OK,
            Outcome::Ub(_) => exit::UB,
            Outcome::OutOfFuel(_) => exit::OUT_OF_FUEL,
            Outcome::Crash(_) => exit::CRASH,
            Outcome::Error(_) => exit::BAD_INPUT,
        }
    }
    /// True when both outcomes are the same results (NaN equal to NaN, bit-exact otherwise).
    pub fn same_results(&self, other: &Outcome) -> bool {
        match (self, other) {
            (Outcome::Values(a), Outcome::Values(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b)
                        .all(|((t1, v1), (t2, v2))| t1 == t2 && same_value(t1, v1, v2))
            }
            _ => false,
        }
    }
}

/// The entry point's signature, checked: it must exist and be a Standard function.
/// `_mlir_ciface_f` (the C wrapper of `f`, which only the JIT can call) has `f`'s.
pub fn entry_signature(m: &Module, entry: &str) -> Result<(Vec<Type>, Vec<Type>), Failure> {
    let f = m.func(entry).or_else(|| {
        entry
            .strip_prefix(jit::exec::CIFACE_PREFIX)
            .and_then(|n| m.func(n))
            .filter(|f| f.has_attr("llvm.emit_c_interface"))
    });
    // A missing or unrunnable entry is bad input (the module lacks what the command
    // needs), located at the function or, when there is none, at the module's start.
    let located = |loc: Loc, msg: String| {
        let loc = loc.or(Loc::new(1, 1));
        Failure::new(exit::BAD_INPUT, render_in(m, &Diagnostic::error(loc, msg)))
    };
    let f = f.ok_or_else(|| {
        located(
            Loc::UNKNOWN,
            format!("no function '@{entry}' to run (use --entry NAME)"),
        )
    })?;
    let ft = f
        .std_type()
        .ok_or_else(|| located(f.loc, format!("'@{entry}' is not a Standard function")))?;
    if f.is_external() {
        return Err(located(
            f.loc,
            format!("the entry '@{entry}' is an external declaration: it has no body to run"),
        ));
    }
    Ok((ft.inputs.clone(), ft.results.clone()))
}

/// Parses `--arg` texts against the entry's parameter types.
pub fn parse_args(m: &Module, entry: &str, texts: &[String]) -> Result<Vec<RtValue>, Failure> {
    let (inputs, _) = entry_signature(m, entry)?;
    if inputs.len() != texts.len() {
        return Err(Failure::new(
            exit::USAGE,
            format!(
                "{}: error: '@{entry}' takes {} argument(s) but {} were given with --arg",
                m.file,
                inputs.len(),
                texts.len()
            ),
        ));
    }
    inputs
        .iter()
        .zip(texts)
        .enumerate()
        .map(|(i, (t, s))| {
            parse_value(s, t).map_err(|e| {
                Failure::new(
                    exit::USAGE,
                    format!("error: argument {i} of '@{entry}': {e}"),
                )
            })
        })
        .collect()
}

/// Options shared by both execution paths.
#[derive(Clone, Debug)]
pub struct ExecOptions {
    pub fuel: u64,
    pub index_bitwidth: u32,
    pub opt_level: u8,
    pub timeout: Duration,
}

impl Default for ExecOptions {
    fn default() -> Self {
        ExecOptions {
            fuel: 100_000_000,
            index_bitwidth: 64,
            opt_level: 0,
            timeout: Duration::from_secs(10),
        }
    }
}

/// Runs the entry on the reference interpreter.
pub fn run_interp(m: &Module, entry: &str, args: &[RtValue], opts: &ExecOptions) -> Outcome {
    let results = match entry_signature(m, entry) {
        Ok((_, r)) => r,
        Err(f) => return Outcome::Error(f.message),
    };
    let iopts = interp::Options {
        fuel: opts.fuel,
        index_bitwidth: opts.index_bitwidth,
        ..interp::Options::default()
    };
    let mut ext = crate::externals::HarnessExternals;
    match interp::run(m, entry, args, &iopts, &mut ext) {
        Ok(vals) => Outcome::Values(results.into_iter().zip(vals).collect()),
        Err(trap) => {
            let msg = trap.render(&m.file);
            match trap {
                interp::Trap::Ub { .. } => Outcome::Ub(msg),
                interp::Trap::OutOfFuel | interp::Trap::CallDepth { .. } => Outcome::OutOfFuel(msg),
                // Bad input the interpreter found: shown like every other diagnostic.
                interp::Trap::Error { loc, message } if loc.is_known() => {
                    Outcome::Error(render_in(m, &Diagnostic::error(loc, message)))
                }
                _ => Outcome::Error(msg),
            }
        }
    }
}

/// Runs the entry on the lowered code, natively, in the isolated JIT worker.
pub fn run_jit(m: &Module, entry: &str, args: &[RtValue], opts: &ExecOptions) -> Outcome {
    crate::native::run_jit(m, entry, args, opts)
}
