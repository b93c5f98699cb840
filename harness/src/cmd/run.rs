//! `stdlower run FILE [--entry NAME] [--arg VALUE]... [--opt 0|1|2|3] [--timeout SECONDS]
//! [--via jit|upstream]` and `stdlower translate FILE`: the lowered code (ours, or
//! upstream MLIR's with `--via upstream`), translated to LLVM IR, run natively in an
//! isolated worker process so a crash or a hang is a result, not the end.

use crate::exec::{self, ExecOptions, Outcome};
use crate::input::{self, Failure};
use std::time::Duration;

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
    /// LLVM optimization level.
    #[arg(long = "opt", default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: u8,
    /// Seconds the native code may run before it is killed (exit status 4); also
    /// `500ms`, `2m`, ... (at most a year). The compilation before it is not counted.
    #[arg(long, default_value = "10", value_parser = crate::cmd::values::positive_duration)]
    pub timeout: Duration,
    /// The bit width `index` lowers to.
    #[arg(long, default_value_t = 64, value_parser = crate::cmd::index_bitwidth)]
    pub index_bitwidth: u32,
    /// Whose lowering runs: ours (`jit`) or the installed `mlir-opt`'s (`upstream`).
    #[arg(long, value_enum, default_value_t = Via::Jit)]
    pub via: Via,
    #[command(flatten)]
    pub pass: crate::cmd::PassOptions,
}

/// The execution paths `run` offers.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// Our lowering, translated and JIT-compiled.
    Jit,
    /// Exported to upstream dialects, lowered by `mlir-opt`, translated by
    /// `mlir-translate`, JIT-compiled.
    Upstream,
}

#[derive(clap::Args, Debug, Clone)]
pub struct TranslateArgs {
    /// The Standard-dialect file (`-` for standard input).
    pub file: String,
    /// Emit `_mlir_ciface_` wrappers for every function.
    #[arg(long)]
    pub emit_c_interface: bool,
    /// The bit width `index` lowers to.
    #[arg(long, default_value_t = 64, value_parser = crate::cmd::index_bitwidth)]
    pub index_bitwidth: u32,
    #[command(flatten)]
    pub pass: crate::cmd::PassOptions,
}

pub fn outcome(args: &Args) -> Result<Outcome, Failure> {
    let m = input::load(&args.file)?;
    let vals = exec::parse_args(&m, &args.entry, &args.args)?;
    let opts = ExecOptions {
        opt_level: args.opt_level,
        timeout: args.timeout,
        index_bitwidth: args.index_bitwidth,
        pass: args.pass,
        ..ExecOptions::default()
    };
    Ok(match args.via {
        Via::Jit => crate::native::run_jit(&m, &args.entry, &vals, &opts),
        Via::Upstream => crate::upstream::run_upstream(&m, &args.entry, &vals, &opts),
    })
}

pub fn translate_output(args: &TranslateArgs) -> Result<String, Failure> {
    let m = input::load(&args.file)?;
    let opts = args
        .pass
        .lower_options(args.index_bitwidth, args.emit_c_interface);
    let lowered = crate::cmd::lower::lower(&m, &opts)?;
    crate::native::translate(&lowered)
        .map_err(|e| Failure::new(crate::exit::BAD_INPUT, format!("{}: error: {e}", m.file)))
}
