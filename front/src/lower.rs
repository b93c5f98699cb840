//! `stdlower lower FILE [--emit-c-interface] [--syntax modern|legacy] [--index-bitwidth 32|64]
//! [--use-aligned-alloc] [--use-bare-ptr-memref-call-conv]`:
//! the Standard -> LLVM dialect conversion, printed.

use crate::input::{self, Failure};
use converter::ir::Module;
use converter::llvm_print::{
    print_llvm, write_func, write_module_close, write_module_open, Syntax,
};
use converter::lower::{lower_module, lower_module_each, LowerOptions, SourceLowering};
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
    #[arg(long, default_value_t = 64, value_parser = crate::options::index_bitwidth)]
    pub index_bitwidth: u32,
    /// Threads lowering functions in parallel, 1 to 256 (default: one per core, at most 8).
    #[arg(long, value_parser = crate::options::jobs)]
    pub jobs: Option<usize>,
    #[command(flatten)]
    pub pass: crate::options::PassOptions,
}

/// One thread per core, at most 8: functions are independent, and more threads
/// than that buy little for the memory they take.
fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

/// Lowers a verified module with the given options, rendering conversion errors.
pub fn lower(m: &Module, opts: &LowerOptions) -> Result<Module, Failure> {
    lower_module(m, opts).map_err(|ds| Failure::from_diags(&m.file, m.source.as_deref(), &ds))
}

/// Reads, verifies and lowers the file of `args`: the input and the lowered module.
fn load_and_lower(args: &Args) -> Result<(Module, Module), Failure> {
    let m = input::load(&args.file)?;
    let lowered = lower(&m, &lower_options(args))?;
    Ok((m, lowered))
}

/// The converter's options `args` ask for.
pub fn lower_options(args: &Args) -> LowerOptions {
    args.pass
        .lower_options(args.index_bitwidth, args.emit_c_interface)
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
/// parsed, verified, lowered, verified and printed one function at a time
/// (`SourceLowering`), so neither the parsed nor the lowered module ever exists whole;
/// where that fails, the whole module is parsed and verified and then lowered one
/// function at a time (`lower_module_each`), which yields the diagnostics. The text is
/// held until the whole module has lowered, so that a failure prints nothing but its
/// diagnostics (the output is often piped to `mlir-translate`). In-process callers use
/// [`output`].
pub fn print_before_exit(args: &Args) -> Result<(), Failure> {
    let bytes = input::read_bytes(&args.file)?;
    let opts = lower_options(args);
    let syntax = syntax(args);
    let mut text = String::new();
    let jobs = args.jobs.unwrap_or_else(default_jobs);
    let streamed = SourceLowering::new(&args.file, &bytes, &opts).and_then(|s| {
        write_module_open(&mut text, &s.headers().attrs, syntax);
        s.run(jobs, |out, f| write_func(out, f, syntax))
    });
    if streamed.is_none() {
        text.clear();
        let m = input::parse_and_verify(&args.file, &bytes)?;
        // The text is about four times the input's size; untouched capacity costs nothing.
        text.reserve(bytes.len() * 5 + (1 << 16));
        write_module_open(&mut text, &m.attrs, syntax);
        lower_module_each(&m, &opts, |f| write_func(&mut text, f, syntax))
            .map_err(|ds| Failure::from_diags(&m.file, m.source.as_deref(), &ds))?;
        // The input module is left to the end of the process instead of being freed
        // op by op (as compilers do with their ASTs).
        std::mem::forget(m);
    }
    let mut close = String::new();
    write_module_close(&mut close);
    let mut stdout = std::io::stdout().lock();
    let written = std::iter::once(text.as_str())
        .chain(streamed.iter().flat_map(|t| t.pieces()))
        .chain([close.as_str()])
        .try_for_each(|t| stdout.write_all(t.as_bytes()))
        .and_then(|()| stdout.flush());
    std::mem::forget(text);
    std::mem::forget(streamed);
    crate::output::checked(written)
}
