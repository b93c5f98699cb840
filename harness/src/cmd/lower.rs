//! `stdlower lower FILE [--emit-c-interface] [--syntax modern|legacy] [--index-bitwidth 32|64]`:
//! the Standard -> LLVM dialect conversion, printed.

use crate::input::{self, Failure};
use converter::ir::Module;
use converter::llvm_print::{print_llvm, Syntax};
use converter::lower::{lower_module, LowerOptions};

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SyntaxArg {
    /// Today's upstream LLVM dialect, accepted by `mlir-translate --mlir-to-llvmir`.
    #[default]
    Modern,
    /// The notation of the LLVM 11 specification (`!llvm.i64`, `!llvm<"float*">`).
    Legacy,
}

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The Standard-dialect file (`-` for standard input).
    pub file: String,
    /// Emit `_mlir_ciface_` wrappers for every function, not only those marked
    /// with `llvm.emit_c_interface`.
    #[arg(long)]
    pub emit_c_interface: bool,
    /// Which LLVM-dialect syntax to print.
    #[arg(long, value_enum, default_value_t)]
    pub syntax: SyntaxArg,
    /// The bit width `index` lowers to.
    #[arg(long, default_value_t = 64, value_parser = crate::cmd::index_bitwidth)]
    pub index_bitwidth: u32,
}

/// Lowers a verified module with the given options, rendering conversion errors.
pub fn lower(m: &Module, emit_c_interface: bool, index_bitwidth: u32) -> Result<Module, Failure> {
    let opts = LowerOptions {
        index_bitwidth,
        emit_c_interface,
    };
    lower_module(m, &opts).map_err(|ds| Failure::from_diags(&m.file, m.source.as_deref(), &ds))
}

/// The text `lower` prints for a file.
pub fn output(args: &Args) -> Result<String, Failure> {
    let m = input::load(&args.file)?;
    let lowered = lower(&m, args.emit_c_interface, args.index_bitwidth)?;
    let syntax = match args.syntax {
        SyntaxArg::Modern => Syntax::Modern,
        SyntaxArg::Legacy => Syntax::Legacy,
    };
    Ok(print_llvm(&lowered, syntax))
}
