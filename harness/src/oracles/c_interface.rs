//! The `c-interface` oracle: the `_mlir_ciface_` wrappers of the lowering have the
//! types the spec gives them, and, called as C calls them (from the JIT batch, and from
//! a C program every Nth module), return what the interpreter returns for the wrapped
//! function ([`crate::ciface`] plans the calls, this file judges them). A wrapper call
//! that differs while the direct call differs too is blamed on the JIT
//! (`interp-vs-jit`).

use super::check::{Applies, Case, Check, Judged, Need};
use super::{CheckReport, Oracle, OracleConfig, Verdict};
use crate::ciface::{c_caller, expect, render_args, Plan, Planned};
use crate::exec::Outcome;
use converter::ir::Module;
use converter::value::RtValue;

/// The oracle's name.
pub const ORACLE: Oracle = Oracle::CInterface;

/// The oracle, for its registry row.
pub struct CInterface;

impl Check for CInterface {
    fn name(&self) -> Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [Need] {
        &[Need::Lowering, Need::JitBatch]
    }

    fn applies(&self, case: &Case<'_>) -> Applies {
        match case.lowered() {
            Some(l) if applies(case.module, l, case.ciface_plan()) => Applies::Yes,
            _ => Applies::No("no C interface asked for or made".into()),
        }
    }

    fn check(&self, case: &Case<'_>) -> Judged {
        let Some(lowered) = case.lowered() else {
            return Judged::Agree;
        };
        let (m, cfg, plan) = (case.module, case.cfg, case.ciface_plan());
        check_planned(m, lowered, cfg, plan, &case.jit().ciface)
            .verdict
            .into()
    }
}

/// Chooses the functions to check and runs the interpreter on them
/// ([`crate::ciface::plan_knowing`] under the oracles' options).
pub fn plan<'m>(m: &'m Module, cfg: &OracleConfig) -> Plan<'m> {
    crate::ciface::plan_knowing(m, &cfg.exec, cfg.jit, &|_, _| None)
}

/// The static part alone: the wrappers of `lowered` (the lowering of `m` with the
/// oracles' options: index width `index_bits`, wrappers only where asked for) against
/// the expectation: a finding on the first difference; the oracle does not count as
/// run when `m` asks for no C interface.
pub fn check_wrapper_types(
    m: &Module,
    lowered: &Module,
    exec: &crate::exec::ExecOptions,
) -> CheckReport {
    let asks = m.funcs.iter().any(|f| f.has_attr("llvm.emit_c_interface"));
    let wrappers = lowered
        .funcs
        .iter()
        .find(|f| f.name.starts_with(expect::PREFIX));
    if !asks && wrappers.is_none() {
        return CheckReport::of(Verdict::Agree);
    }
    let ran = |verdict: Option<Verdict>| CheckReport {
        verdict: verdict.unwrap_or(Verdict::Agree),
        ran: vec![ORACLE],
    };
    // Under the bare pointer calling convention LLVM 11 made no C wrappers at all.
    if exec.pass.use_bare_ptr_memref_call_conv {
        return ran(wrappers.map(|w| Verdict::Finding {
            oracle: ORACLE,
            detail: format!(
                "@{}: a C wrapper under --use-bare-ptr-memref-call-conv, which makes none",
                w.name
            ),
        }));
    }
    ran(
        expect::check_wrappers(m, lowered, exec.index_bitwidth, false)
            .err()
            .map(|detail| Verdict::Finding {
                oracle: ORACLE,
                detail,
            }),
    )
}

/// Runs the oracle (lowering `m` first).
pub fn check(m: &Module, cfg: &OracleConfig) -> CheckReport {
    let opts = cfg.exec.pass.lower_options(cfg.exec.index_bitwidth, false);
    match converter::lower::lower_module(m, &opts) {
        Ok(lowered) => check_planned(m, &lowered, cfg, &plan(m, cfg), &[]),
        Err(_) => CheckReport::of(Verdict::Agree),
    }
}

/// Whether the oracle has anything to check in `m` and its lowering `lowered` under
/// `plan`: C wrappers asked for or made ([`check_wrapper_types`]), or calls planned.
pub fn applies(m: &Module, lowered: &Module, plan: &Plan<'_>) -> bool {
    plan.active
        || m.funcs.iter().any(|f| f.has_attr("llvm.emit_c_interface"))
        || lowered
            .funcs
            .iter()
            .any(|f| f.name.starts_with(expect::PREFIX))
}

/// Runs the oracle on a plan whose calls ([`Plan::calls`]) may have been made already:
/// first the wrapper types of `lowered` ([`check_wrapper_types`]), then the calls:
/// `answers[i]` is the outcome of call `i`; a call without one (not made because an
/// earlier call crashed, or beyond `answers`) is made now, alone, as is the direct
/// call on a disagreement.
pub fn check_planned(
    m: &Module,
    lowered: &Module,
    cfg: &OracleConfig,
    plan: &Plan<'_>,
    answers: &[Option<Outcome>],
) -> CheckReport {
    let types = check_wrapper_types(m, lowered, &cfg.exec);
    if !matches!(types.verdict, Verdict::Agree) || !plan.active {
        return types;
    }
    CheckReport {
        verdict: check_calls(m, lowered, cfg, plan, answers).unwrap_or(Verdict::Agree),
        ran: vec![ORACLE],
    }
}

/// The calls of [`check_planned`]: `Some(verdict)` on a disagreement or a skip.
fn check_calls(
    m: &Module,
    lowered: &Module,
    cfg: &OracleConfig,
    plan: &Plan<'_>,
    answers: &[Option<Outcome>],
) -> Option<Verdict> {
    for (k, c) in plan.checks.iter().enumerate() {
        let (f, args, want, wrapper) = (c.func, &c.args, &c.want, &c.wrapper);
        let got = match answers.get(k) {
            Some(Some(o)) => o.clone(),
            _ => run_native(m, wrapper, args, cfg),
        };
        if want.same_results(&got) {
            continue;
        }
        if let Some(limit) = crate::native::resource_limit(&got) {
            return Some(Verdict::Skipped {
                kind: super::SkipKind::of_limit(limit),
                reason: format!("jit: {limit}"),
            });
        }
        let direct = run_native(m, &f.name, args, cfg);
        let (oracle, how) = if want.same_results(&direct) {
            (ORACLE, format!("@{wrapper}, called as C calls it"))
        } else {
            (
                Oracle::InterpVsJit,
                format!("@{} (directly and through @{wrapper})", f.name),
            )
        };
        let args_text = render_args(f, args);
        return Some(Verdict::Finding {
            oracle,
            detail: format!(
                "@{} with {args_text}: interp:\n{}{how}:\n{}reproduce: stdlower run FILE \
                 --entry {wrapper} {args_text}; stdlower interp FILE --entry {} {args_text}\n",
                f.name,
                want.render(),
                got.render(),
                f.name,
            ),
        });
    }
    c_callers(lowered, cfg, plan)
}

thread_local! {
    /// Modules this thread has had C callers could call, for the sampling.
    static C_CALLER_TURN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// On every `cfg.c_caller_every`-th module (per thread) with planned calls a C
/// program can make: makes them from C ([`c_caller::run`]) and compares with the
/// interpreter; a difference is a `c-interface` finding.
fn c_callers(lowered: &Module, cfg: &OracleConfig, plan: &Plan<'_>) -> Option<Verdict> {
    let every = cfg.c_caller_every;
    let ib = cfg.exec.index_bitwidth;
    if every == 0 {
        return None;
    }
    let checks: Vec<(usize, &Planned<'_>)> = plan
        .checks
        .iter()
        .enumerate()
        .filter(|(_, c)| c_caller::covered(c.func, ib))
        .collect();
    if checks.is_empty() {
        return None;
    }
    let turn = C_CALLER_TURN.with(|t| {
        let n = t.get();
        t.set(n + 1);
        n
    });
    // The first sample is the `every`th module, so short runs cost nothing.
    if !(turn + 1).is_multiple_of(every) {
        return None;
    }
    let outcomes = c_caller::run(lowered, &checks, ib)?;
    for ((_, c), got) in checks.iter().zip(outcomes) {
        if c.want.same_results(&got) {
            continue;
        }
        let args_text = render_args(c.func, &c.args);
        return Some(Verdict::Finding {
            oracle: ORACLE,
            detail: format!(
                "@{} with {args_text}: interp:\n{}@{}, called from C compiled by {}:\n{}",
                c.func.name,
                c.want.render(),
                c.wrapper,
                c_caller::COMPILER,
                got.render()
            ),
        });
    }
    None
}

fn run_native(m: &Module, entry: &str, args: &[RtValue], cfg: &OracleConfig) -> Outcome {
    if cfg.jit_in_process {
        crate::native::run_jit_in_process(m, entry, args, &cfg.exec)
    } else {
        crate::native::run_jit(m, entry, args, &cfg.exec)
    }
}
