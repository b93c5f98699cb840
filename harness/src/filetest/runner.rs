//! Runs one file test: its diagnostics expectations, its `RUN:` + `CHECK` lines and its
//! `run:` executions on the Standard interpreter, the LLVM-level interpreter (our
//! lowering, LLVM's semantics), the JIT and, with `--via upstream`, upstream MLIR's
//! lowering both natively and at the LLVM level.

use super::directives::{parse_directives, Directive, Expect, Level};
use super::filecheck::filecheck;
use crate::exec::{self, ExecOptions, NativeLimit, Outcome};
use crate::input::Failure;
use converter::ir::Module;
use converter::value::{parse_value, RtValue};
use converter::Diagnostic;

/// Which execution paths `run:` lines use.
#[derive(Clone, Debug)]
pub struct RunConfig {
    pub interp: bool,
    /// Run `run:` lines at the LLVM level too (`llinterp` on our lowering).
    pub llvm_level: bool,
    pub jit: bool,
    /// Also run `run:` lines through upstream MLIR's lowering (`--via upstream`), natively
    /// and (with `llvm_level`) at the LLVM level.
    pub upstream: bool,
    pub exec: ExecOptions,
    /// How a `RUN:` line's subcommand runs (`stdlower test` gives the command line's
    /// [`crate::cmd::cli::run_line`]; without it, a `RUN:` line fails): file tests sit
    /// below the commands and do not import them.
    pub commands: Option<RunLine>,
}

/// Runs a whole command line (`stdlower`, a subcommand, its arguments, the file)
/// in-process and gives the text it prints.
pub type RunLine = fn(&[String]) -> Result<String, Failure>;

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            interp: true,
            llvm_level: true,
            jit: true,
            upstream: false,
            exec: ExecOptions::default(),
            commands: None,
        }
    }
}

/// The result of one file test: the failures found (empty = pass) and how many
/// checks ran, so that a file with nothing to check is visible.
#[derive(Debug, Default)]
pub struct FileResult {
    pub failures: Vec<String>,
    pub checks: usize,
}

/// Runs every expectation in the file at `path` with contents `bytes`.
pub fn run_file(path: &str, bytes: &[u8], cfg: &RunConfig) -> FileResult {
    let mut r = FileResult::default();
    let text = String::from_utf8_lossy(bytes);
    let directives = match parse_directives(&text) {
        Ok(d) => d,
        Err((line, msg)) => {
            r.failures
                .push(format!("{path}:{line}: bad test directive: {msg}"));
            return r;
        }
    };
    let expected_errors: Vec<_> = directives
        .iter()
        .filter_map(|d| d.expected_error())
        .map(|(line, col, text)| (line, col, text.to_string()))
        .collect();
    // A `// stdlower-options:` line (a saved finding's) sets the options of the `run:`
    // lines and of the lowering whose diagnostics are expected.
    let cfg = &match cfg.exec.with_file_options(&text) {
        Ok(exec) => RunConfig {
            exec,
            ..cfg.clone()
        },
        Err(e) => {
            r.failures.push(format!("{path}: {e}"));
            return r;
        }
    };
    let lower_opts = directives.iter().find_map(|d| match d {
        Directive::Run { argv, .. } if argv[0] == "lower" => Some(argv.clone()),
        _ => None,
    });

    if !expected_errors.is_empty() {
        r.checks += expected_errors.len();
        let diags = collect_diagnostics(path, bytes, lower_opts.as_deref(), &cfg.exec);
        check_expected_errors(path, &expected_errors, &diags, &mut r.failures);
        return r;
    }

    // Without expected errors, the file must parse and verify.
    let module = match crate::input::parse_and_verify(path, bytes) {
        Ok(m) => m,
        Err(f) => {
            r.failures
                .push(format!("{path}: unexpected error:\n{}", f.message));
            return r;
        }
    };
    r.checks += 1;

    for d in &directives {
        match d {
            Directive::Run {
                line,
                argv,
                check_prefix,
            } => {
                r.checks += 1;
                match run_command(path, argv, cfg) {
                    Ok(out) => {
                        if let Err(e) = filecheck(&out, &text, check_prefix) {
                            r.failures.push(format!(
                                "{path}:{line}: `{}` output does not match the {check_prefix} lines:\n{e}\n--- output ---\n{out}",
                                argv.join(" ")
                            ));
                        }
                    }
                    Err(f) => r.failures.push(format!(
                        "{path}:{line}: `{}` failed:\n{}",
                        argv.join(" "),
                        f.message
                    )),
                }
            }
            Directive::Exec {
                line,
                level,
                entry,
                args,
                expect,
            } => {
                r.checks += 1;
                if let Err(e) = run_exec(&module, *level, entry, args, expect, cfg) {
                    r.failures
                        .push(format!("{path}:{line}: run: @{entry}: {e}"));
                }
            }
            Directive::ExpectedError { .. } => {}
        }
    }
    r
}

/// Runs a `RUN:` line's subcommand on the file, in-process, with the command line
/// the configuration was given.
fn run_command(path: &str, argv: &[String], cfg: &RunConfig) -> Result<String, Failure> {
    let Some(commands) = cfg.commands else {
        return Err(Failure::new(
            crate::exit::USAGE,
            "RUN: lines need the command line (RunConfig::commands)".to_string(),
        ));
    };
    let mut full = vec!["stdlower".to_string()];
    full.extend(argv.iter().cloned());
    full.push(path.to_string());
    commands(&full)
}

/// Parse, verify and (with the file's `lower` options) lower, collecting diagnostics.
fn collect_diagnostics(
    path: &str,
    bytes: &[u8],
    lower_argv: Option<&[String]>,
    exec: &ExecOptions,
) -> Vec<Diagnostic> {
    let m = match converter::syntax::parse_module(path, bytes) {
        Ok(m) => m,
        Err(d) => return vec![d],
    };
    if let Err(ds) = converter::verify::verify_module(&m) {
        return ds;
    }
    let mut opts = exec.pass.lower_options(exec.index_bitwidth, false);
    if let Some(argv) = lower_argv {
        opts.emit_c_interface = argv.iter().any(|a| a == "--emit-c-interface");
        opts.use_aligned_alloc |= argv.iter().any(|a| a == "--use-aligned-alloc");
        opts.use_bare_ptr_memref_call_conv |=
            argv.iter().any(|a| a == "--use-bare-ptr-memref-call-conv");
        if let Some(i) = argv.iter().position(|a| a == "--index-bitwidth") {
            opts.index_bitwidth = argv.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or(64);
        }
    }
    match converter::lower::lower_module(&m, &opts) {
        Ok(_) => vec![],
        Err(ds) => ds,
    }
}

fn check_expected_errors(
    path: &str,
    expected: &[(usize, Option<u32>, String)],
    diags: &[Diagnostic],
    failures: &mut Vec<String>,
) {
    let mut used = vec![false; diags.len()];
    for (line, col, text) in expected {
        let hit = diags.iter().enumerate().find(|(i, d)| {
            !used[*i]
                && d.loc.line as usize == *line
                && col.is_none_or(|c| d.loc.col == c)
                && d.message.contains(text.as_str())
        });
        let at = match col {
            Some(c) => format!("{line}:{c}"),
            None => line.to_string(),
        };
        match hit {
            Some((i, _)) => used[i] = true,
            None => failures.push(format!(
                "{path}:{at}: expected error {{{{{text}}}}} was not produced; got: {}",
                if diags.is_empty() {
                    "no error".to_string()
                } else {
                    diags
                        .iter()
                        .map(|d| format!("{}:{}: {}", d.loc.line, d.loc.col, d.message))
                        .collect::<Vec<_>>()
                        .join("; ")
                }
            )),
        }
    }
    for (d, u) in diags.iter().zip(&used) {
        if !u {
            failures.push(format!(
                "{path}:{}:{}: unexpected error: {}",
                d.loc.line, d.loc.col, d.message
            ));
        }
    }
}

/// Parses `VALUE : TYPE` expectation texts against the entry's result types.
fn expected_values(m: &Module, entry: &str, texts: &[String]) -> Result<Outcome, String> {
    let (_, results) = exec::entry_signature(m, entry).map_err(|f| f.message)?;
    if results.len() != texts.len() {
        return Err(format!(
            "the expectation lists {} result(s) but '@{entry}' returns {}",
            texts.len(),
            results.len()
        ));
    }
    let mut vals = Vec::new();
    for (t, s) in results.iter().zip(texts) {
        let v: RtValue = parse_value(s, t).map_err(|e| format!("expectation '{s}': {e}"))?;
        vals.push((t.clone(), v));
    }
    Ok(Outcome::Values(vals))
}

/// Fuel for the LLVM level when the Standard run did not finish (or did not run): a
/// program that has not ended after this many LLVM ops is taken not to end (the Standard
/// interpreter's budget would take the LLVM level several times as long).
pub(super) const LLVM_LEVEL_FUEL_CAP: u64 = 20_000_000;

/// Runs one `run:` line on the paths its level and `cfg` select, judging each outcome
/// against `expect`. Without a level, the LLVM level is held to the expectation except
/// where the Standard program's behaviour is undefined (`ub`, `crash`): the lowered
/// program may then do anything.
fn run_exec(
    m: &Module,
    level: Option<Level>,
    entry: &str,
    args: &[String],
    expect: &Expect,
    cfg: &RunConfig,
) -> Result<(), String> {
    let argv = exec::parse_args(m, entry, args).map_err(|f| f.message)?;
    let mut eopts = cfg.exec.clone();
    if matches!(expect, Expect::Timeout) {
        // A non-terminating program: little fuel, and one second for the native code.
        eopts.fuel = eopts.fuel.min(1_000_000);
        eopts.timeout = std::time::Duration::from_secs(1);
    }
    let undefined = matches!(expect, Expect::Ub(_) | Expect::Crash(_));
    let interp = (cfg.interp && level != Some(Level::Llvm))
        .then(|| exec::run_interp_traced(m, entry, &argv, &eopts));
    let llvm_wanted = match level {
        Some(l) => cfg.llvm_level && l == Level::Llvm,
        None => cfg.llvm_level && !undefined,
    };
    let llvm_fuel = match interp.as_ref().and_then(|r| r.steps) {
        Some(steps) => crate::oracles::llvm_level_fuel(steps),
        None => eopts.fuel.min(LLVM_LEVEL_FUEL_CAP),
    };
    let llvm = llvm_wanted.then(|| llvm_level(m, entry, &argv, &eopts, llvm_fuel));
    // With `--via upstream`, upstream's lowering at the LLVM level too (`interp --via
    // upstream`), where a program's values or error are expected.
    let upstream_llvm = (cfg.upstream
        && cfg.llvm_level
        && level.is_none()
        && matches!(expect, Expect::Values(_) | Expect::Error(_)))
    .then(|| {
        let opts = ExecOptions {
            fuel: llvm_fuel,
            ..eopts.clone()
        };
        crate::upstream::interp_upstream(m, entry, &argv, &opts)
    });
    let interp = interp.map(|r| r.outcome);
    let native = level.is_none() && !matches!(expect, Expect::Ub(_) | Expect::OutOfFuel);
    let jit = (cfg.jit && native).then(|| crate::native::run_jit(m, entry, &argv, &eopts));
    let upstream =
        (cfg.upstream && native).then(|| crate::upstream::run_upstream(m, entry, &argv, &eopts));
    let mut problems = Vec::new();
    let mut judge = |path: &str, got: &Outcome| {
        let ok = match expect {
            Expect::Values(texts) => match expected_values(m, entry, texts) {
                Ok(want) => want.same_results(got),
                Err(e) => {
                    problems.push(e);
                    return;
                }
            },
            Expect::Ub(text) => matches!(got, Outcome::Ub(msg) if msg.contains(text.as_str())),
            Expect::Crash(text) => match (path, got) {
                ("interp" | "llvm-level", Outcome::Ub(_)) => true,
                ("jit" | "upstream", Outcome::Crash(msg) | Outcome::Limit(_, msg)) => {
                    msg.contains(text.as_str())
                }
                _ => false,
            },
            Expect::Error(text) => {
                matches!(got, Outcome::Error(msg) if msg.contains(text.as_str()))
            }
            Expect::OutOfFuel => matches!(got, Outcome::OutOfFuel(_) | Outcome::CallDepth(_)),
            Expect::Timeout => match (path, got) {
                ("interp" | "llvm-level", Outcome::OutOfFuel(_) | Outcome::CallDepth(_)) => true,
                ("jit" | "upstream", Outcome::Limit(limit, _)) => matches!(
                    limit,
                    NativeLimit::Timeout { .. } | NativeLimit::CompileTimeout { .. }
                ),
                _ => false,
            },
        };
        if !ok {
            problems.push(format!("{path} gave:\n{}expected: {expect}", got.render()));
        }
    };
    if let Some(o) = &interp {
        judge("interp", o);
    }
    if let Some(o) = &llvm {
        judge("llvm-level", o);
    }
    if let Some(o) = &jit {
        judge("jit", o);
    }
    if let Some(o) = &upstream {
        judge("upstream", o);
    }
    if let Some(o) = &upstream_llvm {
        judge("upstream at the LLVM level", o);
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// The LLVM level's outcome: the module lowered by our converter under the file's
/// options, interpreted by `llinterp` with `fuel` LLVM ops.
pub(super) fn llvm_level(
    m: &Module,
    entry: &str,
    args: &[RtValue],
    opts: &ExecOptions,
    fuel: u64,
) -> Outcome {
    let lower = opts.pass.lower_options(opts.index_bitwidth, false);
    match converter::lower::lower_module(m, &lower) {
        Ok(lowered) => exec::run_llvm_level(m, &lowered, &lower, entry, args, fuel),
        Err(ds) => Outcome::Error(
            ds.iter()
                .map(|d| crate::input::render_in(m, d))
                .collect::<Vec<_>>()
                .join(""),
        ),
    }
}
