//! The one trait an oracle implements ([`Check`]), the case it is handed ([`Case`]: the
//! Standard module and the artifacts the harness made of it, each made once), what it
//! answers ([`Applies`], [`Judged`]), and the one function that folds the answers into
//! the case's verdict ([`fold`]).
//!
//! The registered oracles run in registry order, which is their precedence ([`judge`]),
//! over one lazy context that makes each artifact they read once, on first request
//! (`Case`, `oracles/context.rs`). The checks a campaign runs in batches with other
//! cases' (`mlir-translate`, `upstream-structure`) answer later; [`fold_late`] folds
//! those answers, and nothing else changes a verdict once the case's check returned.

use super::{CheckReport, DeferredTranslate, Oracle, OracleConfig, SkipKind, Verdict};

/// What an oracle reads from the case. The context makes each when first asked; an
/// oracle that needs the Standard interpreter's run (or anything after it) runs only
/// where that run returned values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Need {
    /// The verified Standard module, its entry and arguments.
    Standard,
    /// Our lowering of it (verified by our LLVM-dialect verifier).
    Lowering,
    /// The Standard interpreter's run of the entry (values, heap blocks, heap events).
    InterpRun,
    /// The LLVM-level interpreter's run of the lowering.
    LlvmLevelRun,
    /// The JIT batch (the entry and the C-interface calls in one compilation), judged
    /// against the interpreter and upstream's run, when asked, first.
    JitBatch,
}

/// Whether an oracle applies to a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Applies {
    Yes,
    /// Not this case (not asked for, or the case lacks what it checks): not counted.
    No(String),
    /// Asked for, but this case cannot be compared (a construct another path does not
    /// model): not counted as run, and never a finding.
    NotComparable(String),
}

/// An oracle's answer on a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    Agree,
    /// Something is wrong: what, for the finding's detail.
    Finding(String),
    /// A finding of another oracle than the one asked (a comparison of three paths names
    /// the one at fault; the C wrappers' check blames the JIT when the direct call
    /// differs too).
    Blame(Oracle, String),
    /// Nothing can be concluded.
    Skipped(SkipKind, String),
    /// The check found it cannot compare this case after all: counted as its
    /// not-comparable row ([`super::registry::not_comparable`]), never a finding.
    NotComparable(String),
}

impl From<Verdict> for Judged {
    fn from(v: Verdict) -> Judged {
        match v {
            Verdict::Agree => Judged::Agree,
            Verdict::Finding { oracle, detail } => Judged::Blame(oracle, detail),
            Verdict::Skipped { kind, reason } => Judged::Skipped(kind, reason),
        }
    }
}

impl Judged {
    /// A check's finding, or agreement.
    pub fn of(finding: Option<String>) -> Judged {
        finding.map_or(Judged::Agree, Judged::Finding)
    }
}

/// An oracle: its name, what it needs, whether it applies, and its check.
pub trait Check: Sync {
    /// Its name (the registry row's).
    fn name(&self) -> Oracle;
    /// The artifacts of the case it reads.
    fn needs(&self) -> &'static [Need];
    /// Whether it applies to `case` (its needs are there).
    fn applies(&self, case: &Case<'_>) -> Applies;
    /// Its check of `case`, which it applies to.
    fn check(&self, case: &Case<'_>) -> Judged;
}

pub use super::context::{Case, JitBatch, LlvmLevelRun, Timed};

/// The greatest of an oracle's needs.
pub fn stage_of(c: &dyn Check) -> Need {
    c.needs().iter().copied().max().unwrap_or(Need::Standard)
}

/// The case's verdict from the answers of the oracles, in their order of precedence:
/// the first that does not agree decides (a finding under its name, or a skip); all
/// agreeing, the case agrees. The iterator is consumed only up to that answer, so the
/// oracles after it do not run.
pub fn fold(answers: impl IntoIterator<Item = (Oracle, Judged)>) -> Verdict {
    for (oracle, judged) in answers {
        match judged {
            Judged::Agree | Judged::NotComparable(_) => {}
            Judged::Finding(detail) => return Verdict::Finding { oracle, detail },
            Judged::Blame(oracle, detail) => return Verdict::Finding { oracle, detail },
            Judged::Skipped(kind, reason) => return Verdict::Skipped { kind, reason },
        }
    }
    Verdict::Agree
}

/// One registered oracle on `case`: `None` when it does not apply; else its answer,
/// with the name it counts under recorded in `ran` (its own, or its not-comparable
/// row's when it is asked for but cannot compare the case).
pub fn run_one(c: &dyn Check, case: &Case<'_>, ran: &mut Vec<Oracle>) -> Option<Judged> {
    let counted = |ran: &mut Vec<Oracle>| {
        if let Some(n) = super::registry::not_comparable(c.name()) {
            ran.push(n);
        }
    };
    match c.applies(case) {
        Applies::No(_) => None,
        Applies::NotComparable(_) => {
            counted(ran);
            None
        }
        Applies::Yes => {
            ran.push(c.name());
            let judged = c.check(case);
            if let Judged::NotComparable(_) = judged {
                ran.pop();
                counted(ran);
            }
            Some(judged)
        }
    }
}

/// The registered oracles, each run on `case` when it applies, in registry order (the
/// precedence), each recorded in `ran`, folded into the case's verdict ([`fold`]):
/// the first that does not agree decides and the ones after it do not run. Before the
/// first oracle that needs the Standard interpreter's run, a run that did not return
/// values (UB, fuel, call depth) makes the case a skip.
pub fn judge(case: &Case<'_>, ran: &mut Vec<Oracle>) -> Verdict {
    judge_only(case, ran, |_| true)
}

/// [`judge`], with only the registered oracles `pick` picks (a test's single oracle,
/// a wrong lowering's judges).
pub fn judge_only(
    case: &Case<'_>,
    ran: &mut Vec<Oracle>,
    pick: impl Fn(Oracle) -> bool,
) -> Verdict {
    let mut gate = true;
    let answers = super::registry::rows()
        .filter_map(|r| r.check)
        .filter(|c| pick(c.name()))
        .filter_map(|c| {
            if gate && stage_of(c) >= Need::InterpRun {
                gate = false;
                if let Some((kind, reason)) = super::interp_skip(case.interp_outcome()) {
                    return Some((c.name(), Judged::Skipped(kind, reason)));
                }
            }
            run_one(c, case, ran).map(|j| (c.name(), j))
        });
    fold(answers)
}

/// The answers that arrive after a case's check, from the processes a campaign runs for
/// a batch of cases.
#[derive(Default)]
pub struct Late {
    /// The case's `mlir-translate` check and the tool's answer.
    pub translate: Option<(DeferredTranslate, Result<(), String>)>,
    /// The `upstream-structure` comparison's outcome.
    pub structure: Option<crate::upstream_structure::Outcome>,
}

/// The case's report with its late answers folded in. Both checks ran (and were recorded
/// in `ran`) at their place in the registry when the case was checked, and agreed for
/// the time being. `upstream-structure`'s finding replaces only an agreement or a skip
/// (an oracle after it may have found something meanwhile), and `cfg` asks for it only
/// then, so that the reducer reproduces it; a comparison it could not make counts as
/// `upstream-structure-unsupported` instead. `mlir-translate` runs before the
/// interpreter, so its rejection replaces whatever the oracles after it concluded, and
/// they leave `ran`.
pub fn fold_late(mut report: CheckReport, late: Late, cfg: &mut OracleConfig) -> CheckReport {
    use crate::upstream_structure::{Outcome, ORACLE, UNSUPPORTED};
    cfg.upstream_structure = false;
    match late.structure {
        None | Some(Outcome::Agree) => {}
        Some(Outcome::Unsupported(_)) => {
            report.ran.retain(|o| *o != ORACLE);
            report.ran.push(UNSUPPORTED);
        }
        Some(Outcome::Finding(detail)) => {
            if !report.verdict.is_finding() {
                report.verdict = Verdict::Finding {
                    oracle: ORACLE,
                    detail,
                };
                cfg.upstream_structure = true;
            }
        }
    }
    if let Some((d, answer)) = late.translate {
        report = d.resolve(report, answer);
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first answer that does not agree decides, and the ones after it are not
    /// asked for.
    #[test]
    fn the_first_answer_that_does_not_agree_decides() {
        let asked = std::cell::Cell::new(0);
        let answers = [
            (Oracle::ArgAttrs, Judged::Agree),
            (Oracle::InterpVsJit, Judged::Finding("x".into())),
            (Oracle::Upstream, Judged::Skipped(SkipKind::Ub, "y".into())),
        ];
        let v = fold(answers.into_iter().inspect(|_| asked.set(asked.get() + 1)));
        assert!(
            matches!(v, Verdict::Finding { oracle: Oracle::InterpVsJit, ref detail } if detail == "x")
        );
        assert_eq!(asked.get(), 2);
        let v = fold([(Oracle::Upstream, Judged::Skipped(SkipKind::Ub, "y".into()))]);
        assert!(matches!(
            v,
            Verdict::Skipped {
                kind: SkipKind::Ub,
                ..
            }
        ));
        assert!(matches!(
            fold([(Oracle::ArgAttrs, Judged::Agree)]),
            Verdict::Agree
        ));
    }
}
