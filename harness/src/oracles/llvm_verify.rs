//! The `llvm-verify` oracle: the lowering succeeds and our LLVM-dialect verifier accepts
//! its output (`lower_module` verifies what it made and fails with an "internal error:
//! the lowered module is invalid" diagnostic, so the module is verified once, there,
//! when the case's context makes the lowering). Every later oracle reads that lowering.

use super::check::{Applies, Case, Check, Judged, Need};
use super::Oracle;

/// The oracle's name.
pub const ORACLE: Oracle = Oracle::LlvmVerify;

/// The oracle, for its registry row.
pub struct LlvmVerify;

impl Check for LlvmVerify {
    fn name(&self) -> Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [Need] {
        &[Need::Lowering]
    }

    fn applies(&self, _case: &Case<'_>) -> Applies {
        Applies::Yes
    }

    fn check(&self, case: &Case<'_>) -> Judged {
        match case.lowering() {
            Ok(_) => Judged::Agree,
            Err(ds) => Judged::Finding(format!("lowering failed: {ds}")),
        }
    }
}
