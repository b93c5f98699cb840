//! The `mlir-translate` oracle: MLIR 22's `mlir-translate --mlir-to-llvmir` accepts the
//! modern printing of the lowered module ([`crate::mlir_translate`]). A campaign's case
//! (`Case::batched`) leaves the tool's run to the campaign's batch, one process for many
//! cases: the check hands back the text, and the answer is folded in later
//! (`check::fold_late`); `check`, the fuzz target and file tests run the same batch here
//! with this case alone. Without the tool installed it agrees.

use super::check::{Applies, Case, Check, Judged, Need};
use super::{DeferredTranslate, Oracle};

/// The oracle's name.
pub const ORACLE: Oracle = Oracle::MlirTranslate;

/// The oracle, for its registry row.
pub struct MlirTranslate;

impl Check for MlirTranslate {
    fn name(&self) -> Oracle {
        ORACLE
    }

    fn needs(&self) -> &'static [Need] {
        &[Need::Lowering]
    }

    fn applies(&self, case: &Case<'_>) -> Applies {
        if case.cfg.mlir_translate {
            Applies::Yes
        } else {
            Applies::No("not sampled (--every mlir-translate=N)".into())
        }
    }

    fn check(&self, case: &Case<'_>) -> Judged {
        let Some(lowered) = case.lowered() else {
            return Judged::Agree;
        };
        let text = crate::mlir_translate::text_of(lowered);
        if case.batched && crate::mlir_translate::tool_path().is_some() {
            let _ = case.translate.set(DeferredTranslate { text });
            return Judged::Agree;
        }
        let answer = crate::mlir_translate::accepts_batch(&[text]).pop();
        match answer.unwrap_or(Ok(())) {
            Ok(()) => Judged::Agree,
            Err(e) => Judged::Finding(e),
        }
    }
}
