//! The `lower-paths` oracle: `stdlower lower`'s one-function-at-a-time paths print what
//! the whole-module lowering of the case prints, a clash of names is rejected as the
//! whole-module lowering rejects it, and (when asked, with an executable to run) the
//! case made big is lowered by the `lower` command in a process of its own. The checks
//! themselves are [`crate::lower_paths`]'s.

use super::check::{Applies, Case, Check, Judged, Need};
use super::Oracle;
use converter::llvm_print::Syntax;

/// The oracle's name.
pub const ORACLE: Oracle = crate::lower_paths::ORACLE;

/// The oracle, for its registry row.
pub struct LowerPaths;

impl Check for LowerPaths {
    fn name(&self) -> Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [Need] {
        &[Need::Lowering]
    }

    fn applies(&self, case: &Case<'_>) -> Applies {
        if case.cfg.lower_paths {
            Applies::Yes
        } else {
            Applies::No("not sampled (--every lower-paths=N)".into())
        }
    }

    fn check(&self, case: &Case<'_>) -> Judged {
        let (m, lopts, cfg) = (case.module, &case.lopts, case.cfg);
        let Some(lowered) = case.lowered() else {
            return Judged::Agree;
        };
        // One or two threads, modern or legacy syntax: all four over the cases.
        let (jobs, syntax) = match m.funcs.len() % 4 {
            0 => (1, Syntax::Modern),
            1 => (2, Syntax::Legacy),
            2 => (2, Syntax::Modern),
            _ => (1, Syntax::Legacy),
        };
        let finding = crate::lower_paths::check(m, lowered, lopts, syntax, jobs)
            .or_else(|| crate::lower_paths::clash_is_rejected(m, lopts))
            .or_else(|| crate::lower_paths::runtime_clash_is_rejected(m, lowered, lopts))
            .or_else(|| {
                let exe = cfg.lower_exe.as_deref().filter(|_| cfg.lower_paths_deep)?;
                crate::lower_paths::big_variant_is_lowered(m, lopts, syntax, exe)
            });
        Judged::of(finding)
    }
}
