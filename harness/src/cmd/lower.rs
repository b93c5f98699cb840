//! `stdlower lower FILE [--emit-c-interface] [--syntax modern|legacy] [--index-bitwidth 32|64]`:
//! the Standard -> LLVM dialect conversion, printed.

use crate::input::{self, Failure};
use converter::ir::Module;
use converter::llvm_print::{print_llvm, print_llvm_in_pieces, Syntax};
use converter::lower::{lower_module, LowerOptions};
use std::io::Write;

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

/// Reads, verifies and lowers the file of `args`: the input and the lowered module.
fn load_and_lower(args: &Args) -> Result<(Module, Module), Failure> {
    let m = input::load(&args.file)?;
    let lowered = lower(&m, args.emit_c_interface, args.index_bitwidth)?;
    Ok((m, lowered))
}

fn syntax(args: &Args) -> Syntax {
    match args.syntax {
        SyntaxArg::Modern => Syntax::Modern,
        SyntaxArg::Legacy => Syntax::Legacy,
    }
}

/// The text `lower` prints for a file.
pub fn output(args: &Args) -> Result<String, Failure> {
    let (_, lowered) = load_and_lower(args)?;
    Ok(print_llvm(&lowered, syntax(args)))
}

/// The `stdlower lower` command, which exits right after printing: the text goes
/// to standard output function by function (never held whole), and the two modules
/// are left to the end of the process instead of being freed op by op (as compilers
/// do with their ASTs; freeing took about 8% of the command's time on
/// `scripts/bench_lower.sh`'s module). In-process callers use [`output`].
pub fn print_before_exit(args: &Args) -> Result<(), Failure> {
    let (m, lowered) = load_and_lower(args)?;
    let mut stdout = std::io::stdout().lock();
    let mut ok = true;
    print_llvm_in_pieces(&lowered, syntax(args), |piece| {
        // A closed pipe (`stdlower lower f | head`) is not an error worth a panic.
        ok = ok && stdout.write_all(piece.as_bytes()).is_ok();
    });
    let _ = stdout.flush();
    std::mem::forget(lowered);
    std::mem::forget(m);
    Ok(())
}
