//! The bridge to the converter's Standard -> LLVM dialect lowering.

use crate::exec::RunOptions;
use converter::ir::Module;
use converter::lower::{lower_module, LowerOptions};

/// Lowers a Standard module with the options of a run; diagnostics are rendered as
/// `FILE:LINE:COL: error: ...` lines.
pub fn lower(std_module: &Module, opts: &RunOptions) -> Result<Module, String> {
    let lo = LowerOptions {
        index_bitwidth: opts.index_bitwidth,
        emit_c_interface: opts.emit_c_interface,
    };
    lower_module(std_module, &lo).map_err(|diags| {
        diags
            .iter()
            .map(|d| d.render(&std_module.file, std_module.source.as_deref()))
            .collect::<Vec<_>>()
            .join("\n")
    })
}
