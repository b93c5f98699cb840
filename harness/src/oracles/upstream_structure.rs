//! The `upstream-structure` oracle: our lowering's signatures, attributes, calls and
//! declarations match MLIR 22's `mlir-opt` lowering of the same module
//! ([`crate::upstream_structure`]). A batched check: the comparison is prepared here
//! (our lowering printed, the module exported); in a campaign (`Case::batched`) it then
//! waits for one `mlir-opt` process for a batch of cases and its outcome is folded in by
//! `check::fold_late`; elsewhere (`check`, the fuzz target, the reducer) the same
//! batch runs here with this case alone. A case it cannot compare (lowering
//! options whose upstream counterparts have known bugs, a module the exporter cannot
//! express) counts `upstream-structure-unsupported`; without `mlir-opt` it does not run.

use super::check::{Applies, Case, Check, Judged, Need};
use super::Oracle;
use crate::upstream_structure::{self as us, Outcome};

/// The oracle's name.
pub const ORACLE: Oracle = us::ORACLE;

/// The oracle, for its registry row.
pub struct UpstreamStructure;

impl Check for UpstreamStructure {
    fn name(&self) -> Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [Need] {
        &[Need::Lowering]
    }

    fn applies(&self, case: &Case<'_>) -> Applies {
        if !case.cfg.upstream_structure {
            return Applies::No("not asked (--every upstream-structure=N)".into());
        }
        if !us::compared(&case.cfg.exec) {
            return Applies::NotComparable(
                "not compared under --use-aligned-alloc (see upstream_structure::compared)".into(),
            );
        }
        if !us::available() {
            return Applies::No("mlir-opt is not installed".into());
        }
        Applies::Yes
    }

    fn check(&self, case: &Case<'_>) -> Judged {
        let Some(lowered) = case.lowered() else {
            return Judged::Agree;
        };
        let (ib, pass) = (case.cfg.exec.index_bitwidth, case.cfg.exec.pass);
        let bare = pass.use_bare_ptr_memref_call_conv;
        let p = match us::prepare_lowered(case.module, lowered, ib, bare) {
            Ok(p) => p,
            Err(_) => return Judged::NotComparable("the exporter cannot express it".into()),
        };
        if case.batched {
            let _ = case.structure.set(p);
            return Judged::Agree;
        }
        let answer = us::lower_pending(&[&p])
            .pop()
            .unwrap_or_else(|| Err("no answer".into()));
        match us::resolve(&p, answer) {
            Outcome::Agree => Judged::Agree,
            Outcome::Finding(detail) => Judged::Finding(detail),
            Outcome::Unsupported(why) => Judged::NotComparable(why),
        }
    }
}
