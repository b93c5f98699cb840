//! The `upstream` oracle (asked for: `check --upstream`, a campaign's `--every
//! upstream=N`): MLIR 22's lowering of the same module, run natively
//! ([`crate::engines::upstream`]), agrees with the Standard interpreter and the JIT. The
//! three outcomes are judged together ([`three_way`]): a finding names the path that
//! disagrees with the other two, under `upstream` when it is upstream's, else under
//! `interp-vs-jit`. A module upstream does not take counts `upstream-unsupported`.

use super::check::{Applies, Case, Check, Judged, Need};
use super::{Oracle, Verdict};
use crate::engines::diff;
use crate::exec::Outcome;

/// The oracle's name.
pub const ORACLE: Oracle = Oracle::Upstream;

/// The oracle, for its registry row.
pub struct Upstream;

impl Check for Upstream {
    fn name(&self) -> Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [Need] {
        &[Need::InterpRun, Need::JitBatch]
    }

    fn applies(&self, case: &Case<'_>) -> Applies {
        if !case.cfg.upstream {
            return Applies::No("not asked (check --upstream, --every upstream=N)".into());
        }
        if let Ok(None) = case.upstream() {
            return Applies::NotComparable("the exporter or MLIR 22 cannot take the module".into());
        }
        Applies::Yes
    }

    fn check(&self, case: &Case<'_>) -> Judged {
        let u = match case.upstream() {
            Err(detail) => return Judged::Finding(detail.clone()),
            Ok(None) => return Judged::Agree,
            Ok(Some(u)) => u,
        };
        if let Some(j) =
            super::interp_vs_jit::limit(&crate::engines::upstream::Upstream, ORACLE, case)
        {
            return j;
        }
        let j = case.jit_entry();
        let ll = super::llvm_level::section_of(case, j);
        three_way(case.interp_outcome(), j, u, &ll).into()
    }
}

/// Compares the interpreter (`i`), our JIT (`j`, when it ran) and upstream (`u`): a
/// finding names the path that disagrees with the other two and shows every value. Two
/// paths that fail the same way (the same crash message) count as alike for naming the
/// odd one out; only equal values agree.
/// `ll` is the LLVM level's section ([`super::llvm_level::section`]), shown after interp's.
pub fn three_way(i: &Outcome, j: Option<&Outcome>, u: &Outcome, ll: &str) -> Verdict {
    let shown = |what: &str| {
        let mut d = format!("{what}\ninterp:\n{}{ll}", i.render());
        if let Some(j) = j {
            d.push_str(&format!("jit:\n{}", j.render()));
        }
        d.push_str(&format!("upstream:\n{}", u.render()));
        d
    };
    let finding = |oracle, what: &str| Verdict::Finding {
        oracle,
        detail: shown(what),
    };
    let Some(j) = j else {
        return if diff(i, u).agrees() {
            Verdict::Agree
        } else {
            finding(ORACLE, "upstream disagrees with interp")
        };
    };
    if diff(i, j).agrees() && diff(i, u).agrees() {
        return Verdict::Agree;
    }
    let jit = Oracle::InterpVsJit;
    match (diff(i, j).alike(), diff(i, u).alike(), diff(j, u).alike()) {
        (true, true, _) => finding(jit, "no path returned values"),
        (true, false, _) => finding(ORACLE, "upstream disagrees with interp and jit"),
        (false, true, _) => finding(jit, "jit disagrees with interp and upstream"),
        (false, false, true) => finding(jit, "interp disagrees with jit and upstream"),
        (false, false, false) => finding(jit, "all three paths disagree"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use converter::ir::Type;
    use converter::value::RtValue;

    fn vals(x: i128) -> Outcome {
        Outcome::Values(vec![(Type::i64(), RtValue::Int(x))])
    }

    /// Every assignment of three outcomes to (interp, jit, upstream): agreement exactly
    /// when all three match, and otherwise the finding names the odd path out (or says
    /// all three differ), under the oracle that owns the disagreeing pair.
    #[test]
    fn three_way_names_the_path_that_disagrees() {
        let pool = [vals(1), vals(2), vals(3), Outcome::Crash("crashed".into())];
        for i in &pool {
            for j in &pool {
                for u in &pool {
                    let v = three_way(i, Some(j), u, "");
                    let (ij, iu, ju) = (i == j, i == u, j == u);
                    let all_values = matches!(i, Outcome::Values(_));
                    match v {
                        Verdict::Agree => assert!(ij && iu && all_values, "{i:?} {j:?} {u:?}"),
                        Verdict::Finding { oracle, detail } => {
                            let first = detail.lines().next().unwrap_or("");
                            let want = match (ij, iu, ju) {
                                (true, false, _) => ("upstream", "upstream disagrees"),
                                (false, true, _) => ("interp-vs-jit", "jit disagrees"),
                                (false, false, true) => ("interp-vs-jit", "interp disagrees"),
                                (false, false, false) => ("interp-vs-jit", "all three"),
                                (true, true, _) if all_values => {
                                    panic!("agreeing paths reported: {detail}")
                                }
                                (true, true, _) => ("interp-vs-jit", "no path returned"),
                            };
                            assert_eq!((oracle.as_str(), &first[..want.1.len()]), want, "{detail}");
                            assert!(detail.contains("upstream:\n"), "{detail}");
                        }
                        Verdict::Skipped { reason, .. } => panic!("skipped: {reason}"),
                    }
                }
            }
        }
        // Without the JIT only interp and upstream are compared.
        assert!(matches!(
            three_way(&vals(1), None, &vals(1), ""),
            Verdict::Agree
        ));
        assert!(matches!(
            three_way(&vals(1), None, &vals(2), ""),
            Verdict::Finding {
                oracle: Oracle::Upstream,
                ..
            }
        ));
    }
}
