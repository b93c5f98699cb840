//! The `llvm-level` oracle: the lowered module interpreted with LLVM's semantics
//! ([`crate::engines::llvm_level`]) returns the Standard interpreter's values, free of
//! undefined behaviour and poison (the Standard run returned, free of UB: refinement).
//! It is judged after every other oracle agreed; where the LLVM level cannot run the
//! case it counts `llvm-level-skipped`. Its outcome also heads a section of the native
//! paths' findings ([`section`]), which names the path at fault.

use super::check::{Applies, Case, Check, Judged, Need};
use super::Oracle;
use crate::engines::diff;
use crate::exec::Outcome;

/// The oracle's name.
pub const ORACLE: Oracle = Oracle::LlvmLevel;

/// The oracle, for its registry row.
pub struct LlvmLevel;

impl Check for LlvmLevel {
    fn name(&self) -> Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [Need] {
        &[Need::InterpRun, Need::LlvmLevelRun, Need::JitBatch]
    }

    fn applies(&self, case: &Case<'_>) -> Applies {
        if !case.cfg.llvm_level {
            return Applies::No("not asked".into());
        }
        if case.llvm_level_outcome().is_none() {
            return Applies::NotComparable(
                "the LLVM level could not run the case (a construct, fuel, call depth)".into(),
            );
        }
        Applies::Yes
    }

    fn check(&self, case: &Case<'_>) -> Judged {
        match case.llvm_level_outcome() {
            Some(l) => verdict(case.interp_outcome(), l, case.jit_entry()).into(),
            None => Judged::Agree,
        }
    }
}

/// The LLVM-level interpreter's fuel for a case whose Standard run took `std_steps`:
/// a Standard op lowers to a handful of LLVM ops, so 20 times as many (and 10,000 for
/// the ABI's prologue and epilogue) are plenty; what runs out of them is a skip of the
/// `llvm-level` oracle.
pub fn fuel(std_steps: u64) -> u64 {
    std_steps.saturating_mul(20).saturating_add(10_000)
}

/// The first LLVM op an LLVM-level diagnostic names (`llvm.load`, from `...: llvm.load:
/// load of 4 bytes ...`).
fn llvm_op_in(msg: &str) -> Option<&str> {
    let i = msg.find("llvm.")?;
    let rest = &msg[i..];
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .unwrap_or(rest.len());
    Some(rest[..end].trim_end_matches('.'))
}

/// The `llvm-level` section of a finding of the native paths on `case`, when the LLVM
/// level ran it ([`section`]); empty otherwise.
pub fn section_of(case: &Case<'_>, jit: Option<&Outcome>) -> String {
    case.llvm_level_outcome()
        .map(|l| section(case.interp_outcome(), l, jit))
        .unwrap_or_default()
}

/// The `llvm-level` section of a finding of the native paths: the LLVM level's outcome
/// `l`, headed by which path it sides with; where the JIT (`jit`) disagrees with the
/// interpreter (`interp`), that names the path at fault. Its heading ends in `:` like
/// the other sections, and the native paths' sections stay the last. Nothing without
/// the JIT.
pub fn section(interp: &Outcome, l: &Outcome, jit: Option<&Outcome>) -> String {
    let Some(j) = jit else {
        return String::new();
    };
    let (il, ij, jl) = (diff(interp, l), diff(interp, j), diff(j, l));
    let heading = if ij.agrees() {
        if il.agrees() {
            "agrees with interp and the JIT"
        } else {
            "differs from interp and the JIT"
        }
    } else if il.agrees() {
        "the interpreters agree, the JIT differs: LLVM's code generator, or a known upstream bug"
    } else if jl.agrees() {
        "the interpreters disagree and the JIT sides with the LLVM level: the converter"
    } else if matches!(l, Outcome::Ub(_)) {
        "undefined behaviour in the lowered code: the converter"
    } else {
        "the LLVM level sides with neither: our LLVM-level interpreter, and another path"
    };
    format!("llvm-level ({heading}):\n{}", l.render())
}

/// The oracle's verdict, once every other oracle agrees (so the JIT, when it ran,
/// returned what the Standard interpreter returned): the LLVM level's outcome `l` must
/// be the same values (equality), and not undefined behaviour or poison (refinement:
/// the Standard run returned, free of UB).
pub fn verdict(interp: &Outcome, l: &Outcome, jit: Option<&Outcome>) -> super::Verdict {
    if diff(interp, l).agrees() {
        return super::Verdict::Agree;
    }
    let jit_agrees = jit.is_some_and(|j| diff(interp, j).agrees());
    let jit_says = match jit {
        Some(_) if jit_agrees => "the JIT sides with the Standard interpreter",
        Some(_) => "the JIT sides with neither",
        None => "no JIT ran",
    };
    let first = match l {
        Outcome::Ub(msg) => {
            let op = llvm_op_in(msg)
                .map(|o| format!(" in '{o}'"))
                .unwrap_or_default();
            format!(
                "undefined behaviour{op} at the LLVM level on a UB-free Standard run \
                 ({jit_says}): the converter, or our LLVM-level interpreter: {msg}"
            )
        }
        _ if jit_agrees => format!(
            "the LLVM level disagrees with the Standard interpreter and stands alone \
             ({jit_says}): our LLVM-level interpreter"
        ),
        _ => format!(
            "the LLVM level disagrees with the Standard interpreter ({jit_says}): \
             our LLVM-level interpreter, or the converter"
        ),
    };
    let mut detail = format!(
        "{first}\ninterp:\n{}llvm-level:\n{}",
        interp.render(),
        l.render()
    );
    if let Some(j) = jit {
        detail.push_str(&format!("jit:\n{}", j.render()));
    }
    super::Verdict::Finding {
        oracle: ORACLE,
        detail,
    }
}
