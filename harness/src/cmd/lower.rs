//! `stdlower lower FILE [--emit-c-interface] [--syntax modern|legacy] [--index-bitwidth 32|64]`:
//! the Standard -> LLVM dialect conversion, printed.

use crate::input::{self, Failure};
use converter::ir::Module;
use converter::llvm_print::{
    print_llvm, write_func, write_module_close, write_module_open, Syntax,
};
use converter::lower::{lower_module, lower_module_each, LowerOptions};
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

/// The `stdlower lower` command, which exits right after printing. The module is
/// lowered, verified and printed one function at a time (`lower_module_each`), so the
/// lowered module never exists whole; the text is held until the whole module has
/// lowered, so that a failure prints nothing but its diagnostics (the output is often
/// piped to `mlir-translate`). The input module is left to the end of the process
/// instead of being freed op by op (as compilers do with their ASTs). In-process
/// callers use [`output`].
pub fn print_before_exit(args: &Args) -> Result<(), Failure> {
    let m = input::load(&args.file)?;
    let opts = LowerOptions {
        index_bitwidth: args.index_bitwidth,
        emit_c_interface: args.emit_c_interface,
    };
    let syntax = syntax(args);
    // The text is about four times the input's size; untouched capacity costs nothing.
    let source_len = m.source.as_deref().map_or(0, str::len);
    let mut text = String::with_capacity(source_len * 5 + (1 << 16));
    write_module_open(&mut text, &m.attrs, syntax);
    lower_module_each(&m, &opts, |f| write_func(&mut text, f, syntax))
        .map_err(|ds| Failure::from_diags(&m.file, m.source.as_deref(), &ds))?;
    write_module_close(&mut text);
    let mut stdout = std::io::stdout().lock();
    // A closed pipe (`stdlower lower f | head`) is not an error worth a panic.
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
    std::mem::forget(text);
    std::mem::forget(m);
    Ok(())
}
