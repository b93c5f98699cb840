//! The `c-interface` oracle: the `_mlir_ciface_` wrappers of the lowering have the
//! types the spec gives them, and, called as C calls them (from the JIT batch, and from
//! a C program every Nth module), return what the interpreter returns for the wrapped
//! function ([`crate::ciface`]). A wrapper call that differs while the direct call
//! differs too is blamed on the JIT (`interp-vs-jit`).

use super::check::{Applies, Case, Check, Judged, Need};
use super::Oracle;

/// The oracle's name.
pub const ORACLE: Oracle = crate::ciface::ORACLE;

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
            Some(l) if crate::ciface::applies(case.module, l, case.ciface_plan()) => Applies::Yes,
            _ => Applies::No("no C interface asked for or made".into()),
        }
    }

    fn check(&self, case: &Case<'_>) -> Judged {
        let Some(lowered) = case.lowered() else {
            return Judged::Agree;
        };
        let (m, cfg, plan) = (case.module, case.cfg, case.ciface_plan());
        crate::ciface::check_planned(m, lowered, cfg, plan, &case.jit().ciface)
            .verdict
            .into()
    }
}
