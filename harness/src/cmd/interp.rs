//! `stdlower interp FILE [--entry NAME] [--arg VALUE]... [--fuel N] [--index-bitwidth 32|64]
//! [--level std|llvm] [--via ours|upstream] [--use-aligned-alloc]
//! [--use-bare-ptr-memref-call-conv]`: the reference interpreter on the Standard module
//! itself; with `--level llvm` (or `--via ours`), the LLVM-dialect interpreter
//! (`llinterp`) on the module our converter lowers it to; with `--via upstream`, the
//! same interpreter on the module upstream MLIR's `mlir-opt` lowers it to.

use crate::exec::{self, ExecOptions, Outcome};
use crate::input::{self, Failure};
pub use crate::level::Level;

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The Standard-dialect file (`-` for standard input).
    pub file: String,
    /// The function to call.
    #[arg(long, default_value = "main")]
    pub entry: String,
    /// One argument of the entry function, in the result format (`3`, `1.5`, `[1, 2]`),
    /// optionally typed (`3 : i32`). Repeat for each argument.
    #[arg(long = "arg", allow_hyphen_values = true)]
    pub args: Vec<String>,
    /// The most steps the interpreter takes before it gives up (exit status 5). The
    /// default is about ten seconds of stepping, as long as `run` waits for native code
    /// (100 million stopped a 50-million-iteration loop that runs natively in 0.05 s).
    #[arg(long, default_value_t = 2_000_000_000)]
    pub fuel: u64,
    /// The bit width of `index` (to match `lower --index-bitwidth`).
    #[arg(long, default_value_t = 64, value_parser = crate::cmd::index_bitwidth)]
    pub index_bitwidth: u32,
    /// Which dialect is interpreted: the Standard module itself (`std`), or its
    /// lowering by our converter, with LLVM's semantics (`llvm`).
    #[arg(long, value_enum, default_value_t = Level::Std)]
    pub level: Level,
    /// Whose lowering is interpreted at the LLVM level (implies `--level llvm`): our
    /// converter's (`ours`), or upstream MLIR's (`upstream`: exported, lowered by the
    /// installed `mlir-opt` as `run --via upstream` does, and read back).
    #[arg(long, value_enum, conflicts_with = "level")]
    pub via: Option<Via>,
    #[command(flatten)]
    pub pass: crate::cmd::PassOptions,
}

/// Whose lowering `interp --via` interprets.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    Ours,
    Upstream,
}

/// Runs the interpreter as the command line asks.
pub fn outcome(args: &Args) -> Result<Outcome, Failure> {
    let m = input::load(&args.file)?;
    let vals = exec::parse_args(&m, &args.entry, &args.args)?;
    let opts = ExecOptions {
        fuel: args.fuel,
        index_bitwidth: args.index_bitwidth,
        ..ExecOptions::default()
    };
    match (args.level, args.via) {
        (Level::Std, None) => return Ok(exec::run_interp(&m, &args.entry, &vals, &opts)),
        (_, Some(Via::Upstream)) => {
            let opts = ExecOptions {
                pass: args.pass,
                ..opts
            };
            return Ok(crate::upstream::interp_upstream(
                &m,
                &args.entry,
                &vals,
                &opts,
            ));
        }
        _ => {}
    }
    let lower = args.pass.lower_options(args.index_bitwidth, false);
    let lowered = crate::cmd::lower::lower(&m, &lower)?;
    Ok(exec::run_llvm_level(
        &m,
        &lowered,
        &lower,
        &args.entry,
        &vals,
        args.fuel,
    ))
}
