//! `stdlower prove FILE [--function NAME] [--unroll K] [--timeout DURATION] [--solver
//! z3|cvc5] [--json] [--no-jit] [--index-bitwidth 32|64] [PASS OPTIONS]` and `stdlower
//! prove --rules`: translation validation with the `tv` crate. Each function with a
//! body is lowered by our converter and proved, refuted or left unknown; a refutation's
//! arguments are replayed on the reference interpreter, the LLVM-level interpreter and
//! the JIT, and one that does not reproduce there is reported as a validator bug.
//! Exit status 6 when something is refuted (or a validator bug is found), else 0.

use crate::cli_error::CliError;
use crate::exec::ExecOptions;
use crate::process::output;
use crate::{exit, input};
use converter::diag::{Diagnostic, Loc};
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
    /// Unroll every loop: do not try the block-by-block proof with the converter's
    /// hints, which holds for any number of iterations.
    #[arg(long)]
    pub no_hints: bool,
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

pub use crate::prove::{prove_module, replay, replay_entry, Replay, Report};

fn tv_options(a: &Args, index_bits: u32) -> Options {
    Options {
        unroll: a.unroll,
        timeout: a.timeout,
        solver: match a.solver {
            Solver::Z3 => SolverKind::Z3,
            Solver::Cvc5 => SolverKind::Cvc5,
        },
        index_bits,
        // `None`: `prove_module` asks the converter for its hints.
        hints: a
            .no_hints
            .then(|| std::sync::Arc::new(std::collections::HashMap::new())),
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
    // Both ways the converter lowers; an invalid lowering is an answer, not an error.
    let lowering = crate::prove::lower_for_prove(&m, &lower);
    if let crate::prove::Lowering::Refused(ds) = &lowering {
        return Err(CliError::Rendered(input::Failure::from_diags(
            &m.file,
            m.source.as_deref(),
            ds,
        )));
    }
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
    let reports = crate::prove::prove_lowering(
        &m,
        &lowering,
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
    let (p, r, u, b, inv) = (
        count("proved"),
        count("refuted"),
        count("unknown"),
        count("validator-bug"),
        count("invalid-lowering"),
    );
    let status = if r + b + inv > 0 {
        exit::FAILED
    } else {
        exit::OK
    };
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
                    _ if rep.invalid_lowering.is_some() => {
                        o["reason"] = rep.invalid_lowering.clone().into()
                    }
                    Verdict::Proved { bounds } => o["bounds"] = bounds.clone().into(),
                    Verdict::Refuted { args } => o["args"] = args.clone().into(),
                    Verdict::Unknown { reason } => o["reason"] = reason.clone().into(),
                    Verdict::Mistyped { why } => o["reason"] = why.clone().into(),
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
            "invalid_lowerings": inv,
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
        if inv > 0 {
            text.push_str(&format!(", {inv} invalid lowerings"));
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
                invalid_lowering: None,
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
