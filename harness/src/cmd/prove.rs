//! `stdlower prove FILE [--function NAME] [--unroll K] [--timeout DURATION] [--solver
//! z3|cvc5] [--json] [--no-jit] [--index-bitwidth 32|64] [PASS OPTIONS]` and `stdlower
//! prove --rules`: translation validation with the `tv` crate. Each function with a
//! body is lowered by our converter and proved, refuted or left unknown; a refutation's
//! arguments are replayed on the reference interpreter, the LLVM-level interpreter and
//! the JIT, and one that does not reproduce there is reported as a validator bug.
//! Exit status 6 when something is refuted (or a validator bug is found), else 0.

use crate::cli_error::CliError;
use crate::exec::{self, ExecOptions, Outcome};
use crate::{exit, input, output};
use converter::diag::{Diagnostic, Loc};
use converter::ir::{Module, Type};
use converter::lower::LowerOptions;
use std::time::Duration;
use tv::{Options, SolverKind, Verdict};

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The Standard-dialect file (`-` for standard input); not with `--rules`.
    #[arg(required_unless_present = "rules")]
    pub file: Option<String>,
    /// Prove only this function.
    #[arg(long)]
    pub function: Option<String>,
    /// How many times a path may go round a loop; longer paths are not claimed.
    #[arg(long, default_value_t = 4)]
    pub unroll: u32,
    /// The solver's time limit per function (`2`, `500ms`, `1m`).
    #[arg(long, default_value = "2", value_parser = crate::cmd::values::positive_duration)]
    pub timeout: Duration,
    /// The solver: z3, or cvc5 as a second opinion.
    #[arg(long, value_enum, default_value_t = Solver::Z3)]
    pub solver: Solver,
    /// Print one JSON object instead of lines.
    #[arg(long)]
    pub json: bool,
    /// Replay counterexamples on the interpreters only (not the JIT).
    #[arg(long)]
    pub no_jit: bool,
    /// Prove each op's lowering rule for every type instance, predicate and pass
    /// option (one-op functions), instead of a file's functions.
    #[arg(long, conflicts_with = "file")]
    pub rules: bool,
    /// The bit width `index` lowers to (a file's `// stdlower-options:` line overrides it).
    #[arg(long, default_value_t = 64, value_parser = crate::cmd::index_bitwidth)]
    pub index_bitwidth: u32,
    #[command(flatten)]
    pub pass: crate::cmd::PassOptions,
}

#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solver {
    Z3,
    Cvc5,
}

/// The answer for one function, replayed.
#[derive(Clone, Debug)]
pub struct Report {
    pub name: String,
    pub verdict: Verdict,
    pub seconds: f64,
    /// For a refutation: what each path gave on its arguments, and whether the
    /// refutation reproduced (a path disagreed with the reference interpreter).
    pub replay: Option<Replay>,
}

#[derive(Clone, Debug)]
pub struct Replay {
    pub interp: String,
    pub llvm_level: String,
    pub jit: Option<String>,
    pub reproduced: bool,
    /// The file test that pins the reference answer on these arguments
    /// (`// run: @f(3 : i32) -> 7 : i32`), when the reference interpreter returned.
    pub run_line: Option<String>,
}

impl Report {
    /// The line `@NAME: ...`.
    pub fn line(&self) -> String {
        match (&self.verdict, &self.replay) {
            (Verdict::Refuted { args }, Some(r)) if !r.reproduced => format!(
                "@{}: validator bug: refuted with {} but no path disagrees (interp: {}; \
                 interp --level llvm: {}; run: {})",
                self.name,
                args.join(" "),
                r.interp,
                r.llvm_level,
                r.jit.as_deref().unwrap_or("not run"),
            ),
            (v, _) => format!("@{}: {}", self.name, v.render()),
        }
    }
    pub fn kind(&self) -> &'static str {
        match (&self.verdict, &self.replay) {
            (Verdict::Refuted { .. }, Some(r)) if !r.reproduced => "validator-bug",
            (Verdict::Refuted { .. }, _) => "refuted",
            (Verdict::Proved { .. }, _) => "proved",
            (Verdict::Unknown { .. }, _) => "unknown",
        }
    }
}

fn one_line(o: &Outcome) -> String {
    o.render().trim_end().replace('\n', ", ")
}

/// Proves every function of `m` with a body (or only `only`), replaying refutations.
pub fn prove_module(
    m: &Module,
    lowered: &Module,
    lower: &LowerOptions,
    only: Option<&str>,
    topts: &Options,
    eopts: Option<&ExecOptions>,
) -> Vec<Report> {
    let mut out = Vec::new();
    for f in &m.funcs {
        if f.body.is_none() || f.std_type().is_none() {
            continue;
        }
        // The function, then its C wrapper (`_mlir_ciface_NAME`) when it has one.
        let ciface = format!("{}{}", jit::exec::CIFACE_PREFIX, f.name);
        let has_wrapper = lowered.func(&ciface).is_some_and(|w| w.body.is_some());
        for wrapper in [false, true] {
            let shown = if wrapper { &ciface } else { &f.name };
            if (wrapper && !has_wrapper) || only.is_some_and(|n| n != shown) {
                continue;
            }
            out.push(prove_one(m, lowered, lower, &f.name, wrapper, topts, eopts));
        }
    }
    out
}

/// Proves `name` (or its C wrapper), replaying a refutation.
fn prove_one(
    m: &Module,
    lowered: &Module,
    lower: &LowerOptions,
    name: &str,
    wrapper: bool,
    topts: &Options,
    eopts: Option<&ExecOptions>,
) -> Report {
    let ciface = format!("{}{name}", jit::exec::CIFACE_PREFIX);
    let entry = if wrapper { ciface.as_str() } else { name };
    {
        let f = m.func(name).expect("a function of the module");
        let (verdict, dt) = if wrapper {
            tv::prove_wrapper(m, lowered, name, topts)
        } else {
            tv::prove(m, lowered, name, topts)
        };
        let replay = match (&verdict, eopts) {
            (Verdict::Refuted { args }, Some(eo)) => {
                Some(replay_entry(m, lowered, lower, name, entry, args, eo))
            }
            _ => None,
        };
        // interp and run print results only: a refutation on the final memory of a
        // memref argument alone cannot replay, and is not claimed.
        let memref_args = f
            .std_type()
            .is_some_and(|t| t.inputs.iter().any(|t| matches!(t, Type::MemRef(_))));
        let (verdict, replay) = match (verdict, replay) {
            (Verdict::Refuted { args }, Some(r))
                if !r.reproduced && memref_args && r.run_line.is_some() =>
            {
                (
                    Verdict::Unknown {
                        reason: format!(
                            "refuted on the final memory of a memref argument only, which the \
                         replay cannot show ({})",
                            args.join(" ")
                        ),
                    },
                    None,
                )
            }
            other => other,
        };
        Report {
            name: entry.to_string(),
            verdict,
            seconds: dt.as_secs_f64(),
            replay,
        }
    }
}

/// Runs `name` on `args` on every path; the refutation reproduces when the reference
/// interpreter returns and some path does not return the same.
pub fn replay(
    m: &Module,
    lowered: &Module,
    lower: &LowerOptions,
    name: &str,
    args: &[String],
    eo: &ExecOptions,
) -> Replay {
    replay_entry(m, lowered, lower, name, name, args, eo)
}

/// [`replay`], with the lowered side (the LLVM level and the JIT) entered at `entry`
/// (`_mlir_ciface_NAME` for a C wrapper, which they call through the C interface).
pub fn replay_entry(
    m: &Module,
    lowered: &Module,
    lower: &LowerOptions,
    name: &str,
    entry: &str,
    args: &[String],
    eo: &ExecOptions,
) -> Replay {
    let vals = match exec::parse_args(m, name, args) {
        Ok(v) => v,
        Err(f) => {
            let e = format!("arguments do not parse: {}", f.message.trim());
            return Replay {
                interp: e.clone(),
                llvm_level: e,
                jit: None,
                reproduced: false,
                run_line: None,
            };
        }
    };
    let s = exec::run_interp(m, name, &vals, eo);
    let l = exec::run_llvm_level(m, lowered, lower, entry, &vals, eo.fuel);
    let j = (eo.timeout > Duration::ZERO).then(|| exec::run_jit(m, entry, &vals, eo));
    let returns = matches!(s, Outcome::Values(_));
    let differs = !s.same_results(&l) || j.as_ref().is_some_and(|j| !s.same_results(j));
    let run_line = match &s {
        Outcome::Values(rs) => {
            let typed = |t: &converter::ir::Type, v: &converter::value::RtValue| {
                let mut out = String::new();
                converter::value::format_value(&mut out, t, v);
                format!("{out} : {t}")
            };
            let (ins, _) = exec::entry_signature(m, name).unwrap_or_default();
            let a: Vec<String> = ins.iter().zip(&vals).map(|(t, v)| typed(t, v)).collect();
            let r: Vec<String> = rs.iter().map(|(t, v)| typed(t, v)).collect();
            Some(format!(
                "// run: @{name}({}) -> {}",
                a.join(", "),
                r.join(", ")
            ))
        }
        _ => None,
    };
    Replay {
        interp: one_line(&s),
        llvm_level: one_line(&l),
        jit: j.as_ref().map(one_line),
        reproduced: returns && differs,
        run_line,
    }
}

fn tv_options(a: &Args, index_bits: u32) -> Options {
    Options {
        unroll: a.unroll,
        timeout: a.timeout,
        solver: match a.solver {
            Solver::Z3 => SolverKind::Z3,
            Solver::Cvc5 => SolverKind::Cvc5,
        },
        index_bits,
    }
}

/// Runs `prove` as the command line asks, printing its answers.
pub fn run(a: &Args) -> Result<i32, CliError> {
    if a.rules {
        return run_rules(a);
    }
    let file = a.file.as_deref().unwrap_or("-");
    let m = input::load(file)?;
    let mut eo = ExecOptions {
        index_bitwidth: a.index_bitwidth,
        pass: a.pass,
        ..ExecOptions::default()
    };
    if let Some(src) = &m.source {
        eo = eo.with_file_options(src).map_err(|e| {
            CliError::Rendered(input::Failure::new(
                exit::BAD_INPUT,
                format!("{file}: error: {e}"),
            ))
        })?;
    }
    if a.no_jit {
        eo.timeout = Duration::ZERO;
    }
    let lower = eo.pass.lower_options(eo.index_bitwidth, false);
    let lowered = crate::cmd::lower::lower(&m, &lower)?;
    if let Some(n) = &a.function {
        if m.func(n).is_none_or(|f| f.body.is_none()) {
            let loc = m
                .func(n)
                .map_or(Loc::new(1, 1), |f| f.loc.or(Loc::new(1, 1)));
            let d = Diagnostic::error(loc, format!("no function '@{n}' with a body to prove"));
            return Err(CliError::Rendered(input::Failure::new(
                exit::BAD_INPUT,
                input::render_in(&m, &d),
            )));
        }
    }
    let topts = tv_options(a, eo.index_bitwidth);
    let reports = prove_module(
        &m,
        &lowered,
        &lower,
        a.function.as_deref(),
        &topts,
        Some(&eo),
    );
    Ok(print_reports(&reports, a.json))
}

/// Prints the reports (lines and a summary, or JSON) and gives the exit status.
pub fn print_reports(reports: &[Report], json: bool) -> i32 {
    let count = |k: &str| reports.iter().filter(|r| r.kind() == k).count();
    let (p, r, u, b) = (
        count("proved"),
        count("refuted"),
        count("unknown"),
        count("validator-bug"),
    );
    let status = if r + b > 0 { exit::FAILED } else { exit::OK };
    let mut text = String::new();
    if json {
        let fs: Vec<serde_json::Value> = reports
            .iter()
            .map(|rep| {
                let mut o = serde_json::json!({
                    "name": rep.name,
                    "verdict": rep.kind(),
                    "seconds": rep.seconds,
                });
                match &rep.verdict {
                    Verdict::Proved { bounds } => o["bounds"] = bounds.clone().into(),
                    Verdict::Refuted { args } => o["args"] = args.clone().into(),
                    Verdict::Unknown { reason } => o["reason"] = reason.clone().into(),
                }
                if let Some(rp) = &rep.replay {
                    o["replay"] = serde_json::json!({
                        "interp": rp.interp,
                        "llvm_level": rp.llvm_level,
                        "jit": rp.jit,
                        "reproduced": rp.reproduced,
                        "run_line": rp.run_line,
                    });
                }
                o
            })
            .collect();
        let v = serde_json::json!({
            "functions": fs,
            "proved": p,
            "refuted": r,
            "unknown": u,
            "validator_bugs": b,
        });
        text.push_str(&serde_json::to_string_pretty(&v).expect("json"));
        text.push('\n');
    } else {
        for rep in reports {
            text.push_str(&rep.line());
            text.push('\n');
            if let (Verdict::Refuted { .. }, Some(rp)) = (&rep.verdict, &rep.replay) {
                if rp.reproduced {
                    text.push_str(&format!(
                        "  replayed: interp: {}; interp --level llvm: {}; run: {}\n",
                        rp.interp,
                        rp.llvm_level,
                        rp.jit.as_deref().unwrap_or("not run")
                    ));
                    if let Some(l) = &rp.run_line {
                        text.push_str(&format!("  file test: {l}\n"));
                    }
                }
            }
        }
        text.push_str(&format!("{p} proved, {r} refuted, {u} unknown"));
        if b > 0 {
            text.push_str(&format!(", {b} validator bugs"));
        }
        text.push('\n');
    }
    let mut out = output::Out::new();
    out.print(&text);
    out.finish_with(status)
}

/// `prove --rules`: each op's lowering rule, for every instance `tv::rules` lists (one
/// line per rule x instance, with its time), on all cores; each instance is lowered
/// with the command line's pass options and those the instance names.
fn run_rules(a: &Args) -> Result<i32, CliError> {
    use rayon::prelude::*;
    let t0 = std::time::Instant::now();
    let rules = tv::rules::all();
    let reports: Vec<Report> = rules
        .par_iter()
        .map(|r| {
            let name = format!("{} {}", r.op, r.instance);
            let unknown = |reason: String| Report {
                name: name.clone(),
                verdict: Verdict::Unknown { reason },
                seconds: 0.0,
                replay: None,
            };
            let m = match converter::syntax::parse_module("rule.mlir", r.text.as_bytes()) {
                Ok(m) => m,
                Err(d) => {
                    return unknown(format!("the rule's module does not parse: {}", d.message))
                }
            };
            let pass = crate::cmd::PassOptions {
                use_aligned_alloc: a.pass.use_aligned_alloc || r.aligned_alloc,
                use_bare_ptr_memref_call_conv: a.pass.use_bare_ptr_memref_call_conv || r.bare_ptr,
            };
            let lower = pass.lower_options(r.index_bits, false);
            let lowered = match crate::cmd::lower::lower(&m, &lower) {
                Ok(l) => l,
                Err(f) => return unknown(format!("does not lower: {}", f.message.trim())),
            };
            let eo = ExecOptions {
                index_bitwidth: r.index_bits,
                pass,
                timeout: Duration::ZERO,
                ..ExecOptions::default()
            };
            let topts = tv_options(a, r.index_bits);
            let mut rep = prove_module(&m, &lowered, &lower, Some("rule"), &topts, Some(&eo));
            let mut rep = rep.pop().unwrap_or_else(|| unknown("no function".into()));
            rep.name = name;
            rep
        })
        .collect();
    let status = print_rule_reports(&reports, a.json);
    if !a.json {
        output::eprint_line(&format!(
            "{} rule instances in {:.1} s",
            reports.len(),
            t0.elapsed().as_secs_f64()
        ));
    }
    Ok(status)
}

/// As [`print_reports`], with each instance's time on its line.
fn print_rule_reports(reports: &[Report], json: bool) -> i32 {
    if json {
        return print_reports(reports, true);
    }
    let timed: Vec<Report> = reports
        .iter()
        .map(|r| {
            let mut r = r.clone();
            if let Verdict::Proved { bounds } = &mut r.verdict {
                *bounds = format!("{bounds}, {:.3} s", r.seconds);
            }
            if let Verdict::Unknown { reason } = &mut r.verdict {
                *reason = format!("{reason} ({:.3} s)", r.seconds);
            }
            r
        })
        .collect();
    print_reports(&timed, false)
}
