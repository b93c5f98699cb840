//! The bridge to the converter: verification and the Standard -> LLVM dialect lowering.

use crate::exec::RunOptions;
use converter::ir::Module;
use converter::lower::{lower_module, LowerOptions};
use converter::Diagnostic;

/// Why a Standard module did not lower.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LowerError {
    /// The verifier's or the lowering's diagnostics, rendered as `FILE:LINE:COL: error: ...`.
    #[error("{0}")]
    Diagnostics(String),
    /// The lowering panicked (its message).
    #[error("the lowering panicked: {0}")]
    Panicked(String),
}

impl From<LowerError> for crate::RunError {
    fn from(e: LowerError) -> crate::RunError {
        crate::RunError::Error(e.to_string())
    }
}

fn render(m: &Module, diags: &[Diagnostic]) -> LowerError {
    let text = diags
        .iter()
        .map(|d| d.render(&m.file, m.source.as_deref()))
        .collect::<Vec<_>>()
        .join("\n");
    LowerError::Diagnostics(text)
}

/// Verifies and lowers a Standard module with the options of a run; diagnostics are
/// rendered as `FILE:LINE:COL: error: ...` lines. A panic of the lowering is reported
/// as an error, not propagated.
pub fn lower(std_module: &Module, opts: &RunOptions) -> Result<Module, LowerError> {
    converter::verify::verify_module(std_module).map_err(|d| render(std_module, &d))?;
    let lo = LowerOptions {
        index_bitwidth: opts.index_bitwidth,
        emit_c_interface: opts.emit_c_interface,
        use_aligned_alloc: opts.use_aligned_alloc,
        use_bare_ptr_memref_call_conv: opts.use_bare_ptr_memref_call_conv,
    };
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        lower_module(std_module, &lo)
    }));
    match r {
        Ok(r) => r.map_err(|d| render(std_module, &d)),
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(LowerError::Panicked(msg))
        }
    }
}
