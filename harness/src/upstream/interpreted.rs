//! Upstream's lowering run by `llinterp` instead of natively, for the campaign's
//! `upstream` oracle: the LLVM dialect `mlir-opt` printed for the case in its batch
//! ([`super::ir_batch`]) is read back ([`crate::upstream::read_llvm_dialect`], the
//! typed-pointer notation of 13 to 16 included) and its entry interpreted at the LLVM
//! level, with no `mlir-translate`, no JIT compilation and no process of its own. What
//! the LLVM level cannot check (the native code, its calling convention) stays with the
//! cases sampled for a native run.

use crate::exec::{ExecOptions, Outcome};
use converter::ir::Module;
use converter::value::RtValue;

/// The outcome of `entry` of upstream's lowering of `m`, run by `llinterp`, when this
/// thread has a prepared LLVM dialect for `m`'s export under `opts`
/// ([`crate::upstream::with_prepared`]); `None` when it has none or the text does not
/// read back (then the case runs natively, as without a batch).
pub fn run_prepared(
    m: &Module,
    entry: &str,
    args: &[RtValue],
    opts: &ExecOptions,
) -> Option<Outcome> {
    let text = crate::upstream::export_for_run(m, opts.pass).ok()?;
    let dialect = crate::upstream::take_prepared_dialect(&text, opts.index_bitwidth, opts.pass)?;
    run_dialect(m, &dialect, entry, args, opts)
}

/// `entry` of `dialect`, upstream's LLVM-dialect lowering of `m`, run by `llinterp`;
/// `None` when the text does not read back.
pub fn run_dialect(
    m: &Module,
    dialect: &str,
    entry: &str,
    args: &[RtValue],
    opts: &ExecOptions,
) -> Option<Outcome> {
    crate::exec::entry_signature(m, entry).ok()?;
    let lowered = crate::upstream::read_llvm_dialect(m, dialect).ok()?;
    let lower = opts.pass.lower_options(opts.index_bitwidth, false);
    Some(crate::exec::run_llvm_level(
        m, &lowered, &lower, entry, args, opts.fuel,
    ))
}

/// The upstream path's outcome when `llinterp`'s run of upstream's code (`interpreted`)
/// did not agree with the interpreter (`interp`) and the native run gave `native`: the
/// native outcome, except where the native run agrees with the interpreter and
/// `llinterp` does not. `llinterp` returning other values, or finding undefined
/// behaviour, there is a finding of its own: our reading of upstream's LLVM dialect or
/// `llinterp` is wrong, or upstream's code is undefined where its native run happened
/// to be right (the Standard interpreter found the module itself defined).
pub fn confirm(
    interp: &Outcome,
    interpreted: Option<Outcome>,
    native: Option<Outcome>,
) -> Result<Option<Outcome>, String> {
    if let (Some(l), Some(n)) = (&interpreted, &native) {
        let what = match l {
            Outcome::Values(_) if !l.same_results(n) => Some("disagrees with"),
            Outcome::Ub(_) => Some("finds undefined behaviour against"),
            _ => None,
        };
        if let Some(what) = what.filter(|_| interp.same_results(n)) {
            return Err(format!(
                "upstream's lowering run by llinterp {what} its native run, which agrees with interp\ninterp:\n{}upstream (llinterp):\n{}upstream (native):\n{}",
                interp.render(),
                l.render(),
                n.render()
            ));
        }
    }
    Ok(native)
}

#[cfg(test)]
mod tests {
    use super::*;
    use converter::ir::Type;

    fn vals(x: i128) -> Outcome {
        Outcome::Values(vec![(Type::i64(), RtValue::Int(x))])
    }

    /// The native run decides; `llinterp`'s other values, or its undefined behaviour,
    /// beside a native run that agrees with the interpreter are a finding, and nothing
    /// else is.
    #[test]
    fn llinterp_values_against_a_right_native_run_are_a_finding() {
        let (one, two) = (vals(1), vals(2));
        let ub = Outcome::Ub("ub".into());
        let err = confirm(&one, Some(two.clone()), Some(one.clone())).unwrap_err();
        assert!(
            err.contains("llinterp disagrees with its native run"),
            "{err}"
        );
        let err = confirm(&one, Some(ub.clone()), Some(one.clone())).unwrap_err();
        assert!(
            err.contains("llinterp finds undefined behaviour against its native run"),
            "{err}"
        );
        // The native run disagrees too: its outcome goes to the three-way comparison.
        assert_eq!(
            confirm(&one, Some(two.clone()), Some(two.clone())),
            Ok(Some(two.clone()))
        );
        assert_eq!(
            confirm(&one, Some(ub.clone()), Some(two.clone())),
            Ok(Some(two.clone()))
        );
        // llinterp could not run it (no reading back, a limit): native decides.
        assert_eq!(
            confirm(&one, Some(Outcome::Error("no".into())), Some(one.clone())),
            Ok(Some(one.clone()))
        );
        assert_eq!(
            confirm(&one, None, Some(one.clone())),
            Ok(Some(one.clone()))
        );
        assert_eq!(confirm(&one, Some(two), None), Ok(None));
        assert_eq!(confirm(&one, Some(ub), None), Ok(None));
    }
}
