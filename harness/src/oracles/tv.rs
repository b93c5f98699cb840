//! The translation-validation oracle (`tv`): every function of the case with a body is
//! proved, refuted or left unknown by the `tv` crate against our lowering (for all
//! arguments, not the case's own), as `stdlower prove` does. A refutation whose
//! arguments reproduce on the interpreters is a finding naming the function and the
//! arguments; one that does not reproduce is a finding too (a bug of the validator).
//! A proof or an `unknown` agrees.
//!
//! It starts a solver per function, so it runs only when asked: `check --tv`, a
//! campaign's `--every tv=N`, the fuzz target's `STDLOWER_FUZZ_EVERY=tv=N`. It runs after the differential oracles of the JIT batch agreed on the
//! case's own call.
//!
//! Its time goes to the solver: each function asks a few queries of at most the time
//! limit each (the refinement query, the vacuity check, a loop proof and its unrolled
//! fallback, the bit-vector tactic after the default solver gives up). So the campaign's
//! hang limit is extended by [`SOLVER_LIMITS_PER_FUNCTION`] limits a function: a module
//! of ten functions whose queries all reach z3's limit takes minutes, not a hang.

use super::check::{Applies, Case, Check, Judged, Need};
use super::Oracle;
use std::time::Duration;

/// The oracle's name.
pub const ORACLE: Oracle = Oracle::named("tv");

/// How many solver time limits one function (or C wrapper) may take, for the hang limit.
pub const SOLVER_LIMITS_PER_FUNCTION: u32 = 8;

/// The oracle, for its registry row.
pub struct Tv;

impl Check for Tv {
    fn name(&self) -> Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [Need] {
        &[Need::Lowering]
    }

    fn applies(&self, case: &Case<'_>) -> Applies {
        if !case.cfg.tv {
            return Applies::No("not asked (check --tv, --every tv=N)".into());
        }
        if case.lowered().is_none() {
            return Applies::No("no lowering".into());
        }
        Applies::Yes
    }

    fn check(&self, case: &Case<'_>) -> Judged {
        let Some(lowered) = case.lowered() else {
            return Judged::Agree;
        };
        let exec = &case.cfg.exec;
        let lower = exec.pass.lower_options(exec.index_bitwidth, false);
        let topts = tv::Options {
            index_bits: exec.index_bitwidth,
            ..tv::Options::default()
        };
        // Replays on the interpreters only: the JIT worker is the caller's business.
        let eo = crate::exec::ExecOptions {
            timeout: Duration::ZERO,
            ..exec.clone()
        };
        let functions = case
            .module
            .funcs
            .iter()
            .filter(|f| f.body.is_some() && f.std_type().is_some())
            .count() as u32;
        // A function and its C wrapper each.
        let extra = topts.timeout * SOLVER_LIMITS_PER_FUNCTION * 2 * functions;
        let reports = crate::process::watchdog::extended(
            extra,
            crate::process::watchdog::Phase::Proving,
            || crate::prove::prove_module(case.module, lowered, &lower, None, &topts, Some(&eo)),
        );
        for r in reports {
            if matches!(r.kind(), "refuted" | "validator-bug" | "invalid-lowering") {
                return Judged::Finding(r.line());
            }
        }
        Judged::Agree
    }
}
