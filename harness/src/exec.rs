//! Running a module's entry point on an execution path and classifying what happened
//! ([`Outcome`], [`NativeLimit`]), so that `interp`, `run`, the file tests and the
//! oracles all print and compare outcomes the same way. The interpreters run here; the
//! JIT's runs, which these types describe, are `crate::native`'s (above this module).

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
    /// The interpreter ran out of fuel.
    OutOfFuel(String),
    /// The interpreter exceeded its call depth limit.
    CallDepth(String),
    /// The native code crashed ("crashed with SIGSEGV").
    Crash(String),
    /// A native path ran into a resource limit (a timeout, of the code or of its
    /// compilation, or an exhausted stack), with the message: nothing can be concluded
    /// from it about the code.
    Limit(NativeLimit, String),
    /// Anything else that stopped the run: a lowering/translation error, a missing external.
    Error(String),
}

/// A resource limit of a native path (see [`Outcome::Limit`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NativeLimit {
    /// The native code ran longer than the timeout.
    Timeout { secs: f64 },
    /// The JIT compilation ran longer than its timeout.
    CompileTimeout { secs: f64 },
    /// The native code exhausted its stack.
    StackExhausted,
}

impl NativeLimit {
    /// The limit a native run's error is, if it is one.
    pub fn of(e: &jit::exec::RunError) -> Option<NativeLimit> {
        use jit::exec::RunError;
        match *e {
            RunError::Timeout { secs } => Some(NativeLimit::Timeout { secs }),
            RunError::CompileTimeout { secs } => Some(NativeLimit::CompileTimeout { secs }),
            RunError::StackExhausted => Some(NativeLimit::StackExhausted),
            _ => None,
        }
    }
}

impl std::fmt::Display for NativeLimit {
    /// As the JIT's error reads.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use jit::exec::RunError;
        let e = match *self {
            NativeLimit::Timeout { secs } => RunError::Timeout { secs },
            NativeLimit::CompileTimeout { secs } => RunError::CompileTimeout { secs },
            NativeLimit::StackExhausted => RunError::StackExhausted,
        };
        write!(f, "{e}")
    }
}

impl Outcome {
    /// The lines `interp` and `run` print: one `TYPE VALUE` line per result, or the message.
    pub fn render(&self) -> String {
        match self {
            Outcome::Values(vs) => vs.iter().map(|(t, v)| format_result(t, v) + "\n").collect(),
            Outcome::Ub(m)
            | Outcome::OutOfFuel(m)
            | Outcome::CallDepth(m)
            | Outcome::Crash(m)
            | Outcome::Limit(_, m)
            | Outcome::Error(m) => format!("{m}\n"),
        }
    }
    /// The exit status of this outcome (`stdlower --help` lists them: 3 UB, 4 crash or
    /// timeout, 5 out of fuel).
    pub fn status(&self) -> i32 {
        match self {
            Outcome::Values(_) => exit::OK,
            Outcome::Ub(_) => exit::UB,
            Outcome::OutOfFuel(_) | Outcome::CallDepth(_) => exit::OUT_OF_FUEL,
            Outcome::Crash(_) | Outcome::Limit(..) => exit::CRASH,
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

/// Parses `--arg` texts against the entry's parameter types (a memref may be a view of
/// an earlier argument's buffer: `converter::arg_view`).
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
    let args = inputs
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
        .collect::<Result<Vec<_>, _>>()?;
    // Views of earlier arguments (`@0`, `@0(offset: ..)`), checked against them.
    converter::arg_view::check_all(&inputs, &args)
        .map_err(|e| Failure::new(exit::USAGE, format!("error: '@{entry}': {e}")))?;
    Ok(args)
}

/// Options shared by both execution paths.
#[derive(Clone, Debug)]
pub struct ExecOptions {
    pub fuel: u64,
    pub index_bitwidth: u32,
    pub opt_level: u8,
    pub timeout: Duration,
    /// The converter's pass options (`--use-aligned-alloc`, `--use-bare-ptr-memref-call-conv`).
    pub pass: stdlower_front::options::PassOptions,
}

impl Default for ExecOptions {
    fn default() -> Self {
        ExecOptions {
            fuel: 100_000_000,
            index_bitwidth: 64,
            opt_level: 0,
            timeout: Duration::from_secs(10),
            pass: stdlower_front::options::PassOptions::default(),
        }
    }
}

/// The comment line that names the lowering options a module is checked with
/// (`// stdlower-options: --index-bitwidth 32 --use-aligned-alloc`): `gen --swarm`
/// writes it for a case whose swarm configuration picked options, findings carry it,
/// and `check` and the file tests (`run:` lines, expected errors) honour it, so a
/// saved finding reproduces under the options it was found with.
pub const OPTIONS_LINE: &str = "// stdlower-options:";

impl ExecOptions {
    /// These options with the lowering options the generator configuration picked.
    pub fn for_case(&self, g: &generator::GenConfig) -> ExecOptions {
        ExecOptions {
            index_bitwidth: g.index_bitwidth,
            pass: stdlower_front::options::PassOptions {
                use_aligned_alloc: g.use_aligned_alloc,
                use_bare_ptr_memref_call_conv: g.use_bare_ptr_memref_call_conv,
            },
            ..self.clone()
        }
    }

    /// The [`OPTIONS_LINE`] for these options (with its newline), or nothing when they
    /// are the defaults.
    pub fn options_line(&self) -> String {
        let flags = stdlower_front::options::lower_flags(
            &self.pass.lower_options(self.index_bitwidth, false),
        );
        if flags.is_empty() {
            String::new()
        } else {
            format!("{OPTIONS_LINE} {}\n", flags.join(" "))
        }
    }

    /// These options with those of the file's [`OPTIONS_LINE`], if it has one (the
    /// line's flags are added; its `--index-bitwidth` replaces this one).
    pub fn with_file_options(&self, text: &str) -> Result<ExecOptions, String> {
        let mut o = self.clone();
        for (n, line) in text.lines().enumerate() {
            let Some(rest) = line.trim_start().strip_prefix(OPTIONS_LINE) else {
                continue;
            };
            let mut words = rest.split_whitespace();
            while let Some(w) = words.next() {
                match w {
                    "--use-aligned-alloc" => o.pass.use_aligned_alloc = true,
                    "--use-bare-ptr-memref-call-conv" => {
                        o.pass.use_bare_ptr_memref_call_conv = true
                    }
                    "--index-bitwidth" => {
                        let v = words.next().unwrap_or("");
                        o.index_bitwidth = stdlower_front::options::index_bitwidth(v)
                            .map_err(|e| format!("line {}: {e}", n + 1))?;
                    }
                    other => {
                        return Err(format!(
                            "line {}: unknown option '{other}' in '{OPTIONS_LINE}'",
                            n + 1
                        ))
                    }
                }
            }
        }
        Ok(o)
    }
}

/// Runs the entry on the reference interpreter.
pub fn run_interp(m: &Module, entry: &str, args: &[RtValue], opts: &ExecOptions) -> Outcome {
    run_interp_counted(m, entry, args, opts).0
}

/// [`run_interp`], and the heap blocks the call left allocated when it returned (see
/// `oracles::heap_blocks`).
pub fn run_interp_counted(
    m: &Module,
    entry: &str,
    args: &[RtValue],
    opts: &ExecOptions,
) -> (Outcome, Option<i64>) {
    let r = run_interp_traced(m, entry, args, opts);
    (r.outcome, r.heap_blocks)
}

/// A reference interpreter run, with what the oracles need besides its outcome.
#[derive(Clone, Debug)]
pub struct InterpRun {
    pub outcome: Outcome,
    /// The heap blocks the call left allocated, when it returned (see `oracles::heap_blocks`).
    pub heap_blocks: Option<i64>,
    /// Instructions executed, when it returned.
    pub steps: Option<u64>,
    /// The heap allocations it made, in order, when it returned (see `heap_sizes`).
    pub heap_events: Option<Vec<interp::HeapEvent>>,
}

/// [`run_interp`], with the heap blocks left allocated and the steps taken.
pub fn run_interp_traced(
    m: &Module,
    entry: &str,
    args: &[RtValue],
    opts: &ExecOptions,
) -> InterpRun {
    let results = match entry_signature(m, entry) {
        Ok((_, r)) => r,
        Err(f) => {
            return InterpRun {
                outcome: Outcome::Error(f.message),
                heap_blocks: None,
                steps: None,
                heap_events: None,
            }
        }
    };
    let iopts = interp::Options {
        fuel: opts.fuel,
        index_bitwidth: opts.index_bitwidth,
        ..interp::Options::default()
    };
    let mut ext = crate::externals::HarnessExternals;
    let run =
        interp::Program::compile(m, iopts.index_bitwidth).run_full(entry, args, &iopts, &mut ext);
    let heap_blocks = run.as_ref().ok().map(|o| o.heap_blocks);
    let steps = run.as_ref().ok().map(|o| o.steps);
    let mut heap_events = None;
    let outcome = match run.map(|o| {
        heap_events = o.heap_events;
        o.results
    }) {
        Ok(vals) => Outcome::Values(results.into_iter().zip(vals).collect()),
        Err(trap) => {
            let msg = trap.render(&m.file);
            match trap {
                interp::Trap::Ub { .. } => Outcome::Ub(msg),
                interp::Trap::OutOfFuel => Outcome::OutOfFuel(msg),
                interp::Trap::CallDepth { .. } => Outcome::CallDepth(msg),
                // Bad input the interpreter found: shown like every other diagnostic.
                interp::Trap::Error { loc, message } if loc.is_known() => {
                    Outcome::Error(render_in(m, &Diagnostic::error(loc, message)))
                }
                _ => Outcome::Error(msg),
            }
        }
    };
    InterpRun {
        outcome,
        heap_blocks,
        steps,
        heap_events,
    }
}

/// Runs the entry of `m` at the LLVM level (`llinterp`) on `lowered`, its lowering
/// under `lower`, with `fuel` LLVM ops at most. Undefined behaviour (poison in a result
/// included) is [`Outcome::Ub`]; running out of fuel or call depth
/// [`Outcome::OutOfFuel`] / [`Outcome::CallDepth`]; what the LLVM level cannot run
/// (an entry it cannot call, a construct it does not model) [`Outcome::Error`].
pub fn run_llvm_level(
    m: &Module,
    lowered: &Module,
    lower: &converter::lower::LowerOptions,
    entry: &str,
    args: &[RtValue],
    fuel: u64,
) -> Outcome {
    run_llvm_level_traced(m, lowered, lower, entry, args, fuel).0
}

/// [`run_llvm_level`], and the lowered code's calls of `malloc` and `aligned_alloc`
/// when it returned (see `heap_sizes`).
pub fn run_llvm_level_traced(
    m: &Module,
    lowered: &Module,
    lower: &converter::lower::LowerOptions,
    entry: &str,
    args: &[RtValue],
    fuel: u64,
) -> (Outcome, Option<Vec<llinterp::HeapCall>>) {
    let results = match entry_signature(m, entry) {
        Ok((_, r)) => r,
        Err(f) => return (Outcome::Error(f.message), None),
    };
    let iopts = interp::Options {
        fuel,
        index_bitwidth: lower.index_bitwidth,
        ..interp::Options::default()
    };
    let mut ext = crate::externals::HarnessExternals;
    match llinterp::run_lowered(lowered, m, lower, entry, args, &iopts, &mut ext) {
        Ok(o) => (
            Outcome::Values(results.into_iter().zip(o.results).collect()),
            o.heap_calls,
        ),
        Err(mut t) => {
            if let interp::Trap::Ub { loc, message, .. } = &mut t {
                name_standard_op(m, *loc, message);
            }
            let msg = t.render(&m.file);
            let outcome = match t {
                interp::Trap::Ub { .. } => Outcome::Ub(msg),
                interp::Trap::OutOfFuel => Outcome::OutOfFuel(msg),
                interp::Trap::CallDepth { .. } => Outcome::CallDepth(msg),
                interp::Trap::Error { .. } => Outcome::Error(msg),
            };
            (outcome, None)
        }
    }
}

/// Names the Standard op an LLVM-level report came from: `message` starts with the LLVM
/// op (`llvm.load: out-of-bounds ...`), and the lowering gives every LLVM op the location
/// of its Standard op, so the op of `m` at `loc` is the one (`llvm.load (from
/// 'std.load'): ...`). Ops at no Standard op's location (a function's prologue, which has
/// the function's) are left as they are.
fn name_standard_op(m: &Module, loc: converter::Loc, message: &mut String) {
    if !loc.is_known() || !message.starts_with("llvm.") {
        return;
    }
    let Some(at) = message.find(": ") else {
        return;
    };
    let std_op = m
        .funcs
        .iter()
        .filter_map(|f| f.body.as_ref())
        .find_map(|b| b.walk_ops().map(|o| b.op(o)).find(|o| o.loc == loc))
        .map(|o| o.name().to_string());
    if let Some(name) = std_op.filter(|n| !n.starts_with("llvm.")) {
        message.insert_str(at, &format!(" (from '{name}')"));
    }
}
