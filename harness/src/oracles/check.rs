//! The one trait an oracle implements ([`Check`]), the case it is handed ([`Case`]: the
//! Standard module and the artifacts the harness made of it, each made once), what it
//! answers ([`Applies`], [`Judged`]), and the one function that folds the answers into
//! the case's verdict ([`fold`]).
//!
//! An oracle with an implementation in its registry row runs where the last artifact it
//! [`Check::needs`] has been made ([`run_ready`]); rows of the same stage run in registry
//! order, which is their precedence. The checks a campaign runs in batches with other
//! cases' (`mlir-translate`, `upstream-structure`) answer later; [`fold_late`] folds
//! those answers, and nothing else changes a verdict once the case's check returned.

use super::{CheckReport, DeferredTranslate, Oracle, OracleConfig, SkipKind, Verdict};
use crate::exec::Outcome;
use converter::ir::Module;
use converter::value::RtValue;

/// What an oracle needs from the case, in the order the harness makes it: an oracle runs
/// once the greatest of its needs is there.
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
    /// Nothing can be concluded.
    Skipped(SkipKind, String),
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

/// One case and what the harness has made of it so far (`None`: not made, or not
/// available on this path, such as the heap count of the in-process JIT).
pub struct Case<'a> {
    pub module: &'a Module,
    pub entry: &'a str,
    pub args: &'a [RtValue],
    pub cfg: &'a OracleConfig,
    pub lowered: Option<&'a Module>,
    /// The Standard interpreter's outcome.
    pub interp: Option<&'a Outcome>,
    /// The heap blocks the Standard run left allocated.
    pub interp_heap_blocks: Option<i64>,
    /// The JIT's outcome of the entry.
    pub jit: Option<&'a Outcome>,
    /// The heap blocks the JIT's run of the entry left allocated (isolated worker only).
    pub jit_heap_blocks: Option<i64>,
}

impl<'a> Case<'a> {
    /// The case of `entry(args)` of `module`, nothing made yet.
    pub fn new(
        module: &'a Module,
        entry: &'a str,
        args: &'a [RtValue],
        cfg: &'a OracleConfig,
    ) -> Case<'a> {
        Case {
            module,
            entry,
            args,
            cfg,
            lowered: None,
            interp: None,
            interp_heap_blocks: None,
            jit: None,
            jit_heap_blocks: None,
        }
    }
}

/// The stage an oracle runs at: the greatest of its needs.
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
            Judged::Agree => {}
            Judged::Finding(detail) => return Verdict::Finding { oracle, detail },
            Judged::Skipped(kind, reason) => return Verdict::Skipped { kind, reason },
        }
    }
    Verdict::Agree
}

/// Runs the registered oracles of stage `stage` that apply to `case`, in registry order,
/// each recorded in `ran`, and folds their answers ([`fold`]).
pub fn run_ready(stage: Need, case: &Case<'_>, ran: &mut Vec<Oracle>) -> Verdict {
    let ready = super::registry::rows()
        .filter_map(|r| r.check)
        .filter(|c| stage_of(*c) == stage)
        .filter(|c| c.applies(case) == Applies::Yes)
        .map(|c| {
            ran.push(c.name());
            (c.name(), c.check(case))
        });
    fold(ready)
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

/// The case's report with its late answers folded in, by the precedence of the order the
/// oracles run in: `upstream-structure` runs after every other oracle, so it is recorded
/// last and its finding replaces only an agreement or a skip (`cfg` then asks for it, so
/// that the reducer reproduces it); `mlir-translate` runs before the interpreter, so its
/// rejection replaces whatever the oracles after it concluded, and they leave `ran`.
pub fn fold_late(mut report: CheckReport, late: Late, cfg: &mut OracleConfig) -> CheckReport {
    use crate::upstream_structure::{Outcome, ORACLE, UNSUPPORTED};
    match late.structure {
        None => {}
        Some(Outcome::Unsupported(_)) => report.ran.push(UNSUPPORTED),
        Some(Outcome::Agree) => report.ran.push(ORACLE),
        Some(Outcome::Finding(detail)) => {
            report.ran.push(ORACLE);
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
