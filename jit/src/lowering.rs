//! The bridge to the converter's Standard -> LLVM dialect lowering.

use crate::exec::RunOptions;
use converter::ir::Module;

/// Lowers a Standard module with the options of a run.
pub fn lower(std_module: &Module, opts: &RunOptions) -> Result<Module, String> {
    let _ = (std_module, opts);
    Err("the Standard -> LLVM lowering is not available in this build yet".into())
}
