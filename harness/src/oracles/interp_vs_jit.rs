//! The `interp-vs-jit` oracle: the Standard interpreter and the JIT of our lowering
//! ([`crate::engines::jit`]) return the same values, memrefs included, bit-exact. A
//! native path that ran out of time or stack says nothing about the code ([`limit`]),
//! unless it timed out on a program the interpreter finished quickly. When `upstream` is
//! asked for and ran, the three paths are judged together by that oracle (which names
//! the path at fault); this one then judges only the JIT's limits.

use super::check::{Applies, Case, Check, Judged, Need};
use super::{Oracle, SkipKind, Verdict};
use crate::engines::{diff, Engine};
use crate::exec::{NativeLimit, Outcome};
use std::time::Duration;

/// The oracle's name.
pub const ORACLE: Oracle = Oracle::InterpVsJit;

/// The oracle, for its registry row.
pub struct InterpVsJit;

impl Check for InterpVsJit {
    fn name(&self) -> Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [Need] {
        &[Need::InterpRun, Need::JitBatch]
    }

    fn applies(&self, case: &Case<'_>) -> Applies {
        if case.cfg.jit {
            Applies::Yes
        } else {
            Applies::No("the JIT is off".into())
        }
    }

    fn check(&self, case: &Case<'_>) -> Judged {
        // A tool failure of upstream's is its finding, before the JIT's limits.
        if case.upstream().is_err() {
            return Judged::Agree;
        }
        if let Some(j) = limit(&crate::engines::jit::Jit, ORACLE, case) {
            return j;
        }
        if matches!(case.upstream(), Ok(Some(_))) {
            return Judged::Agree;
        }
        let (i, Some(j)) = (case.interp_outcome(), case.jit_entry()) else {
            return Judged::Agree;
        };
        if diff(i, j).agrees() {
            return Judged::Agree;
        }
        finding(i, j, &super::llvm_level::section_of(case, Some(j))).into()
    }
}

/// The finding of the JIT's outcome `j` differing from the interpreter's `i`, with the
/// LLVM level's section `ll` ([`super::llvm_level::section`]) between theirs.
pub fn finding(i: &Outcome, j: &Outcome, ll: &str) -> Verdict {
    Verdict::Finding {
        oracle: ORACLE,
        detail: format!("interp:\n{}{ll}jit:\n{}", i.render(), j.render()),
    }
}

/// The answer of `oracle` when the native path `engine` ran out of time or stack on
/// `case`: a skip, or a finding when it timed out on a program the interpreter, far
/// slower than native code, finished in under half the native budget (the lowered code
/// loops where the source does not). `None` when the path ran within its limits.
pub fn limit(engine: &dyn Engine, oracle: Oracle, case: &Case<'_>) -> Option<Judged> {
    let limit = engine.run(case).and_then(|o| engine.limit(o))?;
    let path = engine.name();
    let took = case.interp_timed().took;
    if timeout_is_finding(limit, took, case.cfg.exec.timeout) {
        return Some(Judged::Blame(
            oracle,
            format!(
                "{path}: {limit}, where the interpreter finished in {:.3} s:\n{}",
                took.as_secs_f64(),
                case.interp_outcome().render()
            ),
        ));
    }
    Some(Judged::Skipped(
        SkipKind::of_limit(limit),
        format!("{path}: {limit}"),
    ))
}

/// Whether a native path's resource `limit` (see [`crate::native::resource_limit`]) is
/// a finding: an execution timeout (not the compilation's, not the stack) on a program
/// the interpreter finished in under half the native `budget`. Native code runs far
/// faster than the interpreter, so only code that loops where the source does not gets
/// there; a slow interpreter run leaves the timeout a skip.
fn timeout_is_finding(limit: NativeLimit, interp: Duration, budget: Duration) -> bool {
    matches!(limit, NativeLimit::Timeout { .. }) && interp * 2 < budget
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracles::llvm_level::{section, verdict};
    use converter::ir::Type;
    use converter::value::RtValue;

    /// A native timeout is a finding only where the interpreter was quick; a stack
    /// overflow or a slow compilation never is.
    #[test]
    fn native_timeouts_on_quick_programs_are_findings() {
        let ms = Duration::from_millis;
        let run = NativeLimit::Timeout { secs: 5.0 };
        assert!(timeout_is_finding(run, ms(20), ms(5000)));
        assert!(!timeout_is_finding(run, ms(2600), ms(5000)));
        let compile = NativeLimit::CompileTimeout { secs: 300.0 };
        assert!(!timeout_is_finding(compile, ms(1), ms(5000)));
        assert!(!timeout_is_finding(
            NativeLimit::StackExhausted,
            ms(1),
            ms(5000)
        ));
    }

    pub(crate) fn vals(x: i128) -> Outcome {
        Outcome::Values(vec![(Type::i64(), RtValue::Int(x))])
    }

    /// Where the JIT differs from the interpreter, the LLVM level's section names the
    /// path at fault; it leaves the finding's bucket as it was.
    #[test]
    fn the_llvm_level_section_names_the_path_at_fault() {
        let (i, j) = (vals(1), vals(2));
        let section = |l: &Outcome, j: Option<&Outcome>| section(&i, l, j);
        assert!(section(&vals(1), Some(&j)).starts_with(
            "llvm-level (the interpreters agree, the JIT differs: LLVM's code generator"
        ));
        assert!(section(&vals(2), Some(&j)).starts_with(
            "llvm-level (the interpreters disagree and the JIT sides with the LLVM level: the converter):\ni64 2\n"
        ));
        let ub = Outcome::Ub("m.mlir:3:5: undefined behaviour: out of bounds: llvm.load: x".into());
        assert!(section(&ub, Some(&j)).contains("undefined behaviour in the lowered code"));
        assert!(section(&vals(3), Some(&j)).contains("sides with neither"));
        assert!(section(&vals(1), Some(&i)).contains("agrees with interp and the JIT"));
        assert_eq!(section(&vals(1), None), "");
        let crash = Outcome::Crash("m.mlir: crashed with SIGSEGV".into());
        for j in [vals(2), crash] {
            for l in [vals(1), vals(2), ub.clone()] {
                let sig = |v: Verdict| match v {
                    Verdict::Finding { oracle, detail } => {
                        crate::verdict::signature(oracle, &detail)
                    }
                    v => panic!("{v}"),
                };
                assert_eq!(
                    sig(finding(&i, &j, &section(&l, Some(&j)))),
                    sig(finding(&i, &j, ""))
                );
            }
        }
    }

    /// The llvm-level oracle's own verdict: equal values agree; other values or UB are
    /// findings whose first line names the op and which way the JIT went.
    #[test]
    fn llvm_level_verdicts() {
        let i = vals(1);
        assert!(matches!(verdict(&i, &vals(1), Some(&i)), Verdict::Agree));
        let ub = Outcome::Ub("m.mlir:3:5: undefined behaviour: out of bounds: llvm.load: x".into());
        match verdict(&i, &ub, Some(&i)) {
            Verdict::Finding { oracle, detail } => {
                assert_eq!(oracle, Oracle::LlvmLevel);
                assert!(detail.starts_with("undefined behaviour in 'llvm.load' at the LLVM level on a UB-free Standard run (the JIT sides with the Standard interpreter)"), "{detail}");
                assert_eq!(
                    crate::verdict::signature(oracle, &detail),
                    "llvm-level: 'llvm.load'"
                );
            }
            v => panic!("{v}"),
        }
        match verdict(&i, &vals(2), None) {
            Verdict::Finding { oracle, detail } => {
                assert_eq!(oracle, Oracle::LlvmLevel);
                assert!(
                    detail.starts_with(
                        "the LLVM level disagrees with the Standard interpreter (no JIT ran)"
                    ),
                    "{detail}"
                );
                assert!(
                    detail.ends_with("interp:\ni64 1\nllvm-level:\ni64 2\n"),
                    "{detail}"
                );
            }
            v => panic!("{v}"),
        }
        // Other values at the LLVM level while the JIT returns the Standard values: the
        // LLVM level stands alone, so the fault is in our LLVM-level interpreter.
        match verdict(&i, &vals(2), Some(&i)) {
            Verdict::Finding { detail, .. } => assert!(
                detail.starts_with(
                    "the LLVM level disagrees with the Standard interpreter and stands alone \
                     (the JIT sides with the Standard interpreter): our LLVM-level interpreter\n"
                ),
                "{detail}"
            ),
            v => panic!("{v}"),
        }
        assert_eq!(crate::oracles::llvm_level::fuel(100), 12_000);
        assert_eq!(crate::oracles::llvm_level::fuel(u64::MAX), u64::MAX);
    }
}
