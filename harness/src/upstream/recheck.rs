//! An `upstream` finding of an older release (the upstream path's values differ from
//! the interpreter's and our JIT's) run again on MLIR 22, the installed default: when
//! MLIR 22's lowering of the same module computes the interpreter's values, the wrong
//! values are the older release's bug, fixed by 22 at the latest (`fixed-upstream`);
//! when MLIR 22 computes other values too, the finding stays one (a candidate for a
//! `known-upstream` document), as it does when MLIR 22 cannot run the module.

use crate::exec::{ExecOptions, Outcome};
use crate::upstream_release::known::KnownBug;
use crate::verdict::{Oracle, Verdict};
use converter::ir::Module;
use converter::syntax::Release;
use std::sync::OnceLock;

pub use crate::upstream_release::known::FIXED_BY_MLIR22;

/// [`FIXED_BY_MLIR22`] when `verdict` is an `upstream` finding of wrong values from an
/// older release that MLIR 22 does not repeat on `m` (entry `main`, no arguments, as
/// campaigns run it).
pub fn classify(m: &Module, verdict: &Verdict, opts: &ExecOptions) -> Option<&'static KnownBug> {
    let Verdict::Finding { oracle, detail } = verdict else {
        return None;
    };
    let release = crate::upstream_release::selected_release();
    if *oracle != Oracle::Upstream
        || !detail.starts_with("upstream disagrees")
        || release.major() >= Release::MLIR22.major()
    {
        return None;
    }
    let interp = crate::exec::run_interp(m, "main", &[], opts);
    let mlir22 = mlir22_outcome(m, opts)?;
    (matches!(interp, Outcome::Values(_)) && interp.same_results(&mlir22))
        .then_some(&FIXED_BY_MLIR22)
}

/// `main` of `m` through MLIR 22's pipeline and run natively; `None` when MLIR 22 is not
/// installed or cannot take the module.
pub fn mlir22_outcome(m: &Module, opts: &ExecOptions) -> Option<Outcome> {
    static MLIR22: OnceLock<Option<crate::upstream_release::Toolchain>> = OnceLock::new();
    let t = MLIR22
        .get_or_init(|| {
            crate::upstream_release::resolve(None)
                .ok()
                .filter(|t| t.release.major() >= 17)
        })
        .as_ref()?;
    if crate::upstream::upstream_cannot_lower(m).is_some() {
        return None;
    }
    let text = converter::syntax::export_for(m, t.release, false).ok()?;
    let args = crate::upstream_release::pipeline(
        t.release,
        opts.index_bitwidth,
        opts.pass,
        crate::upstream::host_data_layout().ok()?,
    );
    let timeout = crate::upstream::TOOL_TIMEOUT;
    let dialect = crate::upstream::run_tool(&t.tools.mlir_opt, &args, &text, timeout).ok()?;
    let translate = ["--mlir-to-llvmir".to_string()];
    let ir =
        crate::upstream::run_tool(&t.tools.mlir_translate, &translate, &dialect, timeout).ok()?;
    Some(crate::upstream::run_ir(m, &ir, "main", &[], opts))
}
