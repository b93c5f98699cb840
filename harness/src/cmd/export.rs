//! `stdlower export FILE [-o OUT]`: prints a Standard module in today's upstream MLIR
//! syntax (`func.func`, `arith.*`, `memref.*`, ...), for the real `mlir-opt` to verify
//! and lower.

use crate::exit;
use crate::input::{self, Failure};

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The Standard-dialect file (`-` for standard input), in either syntax.
    pub file: String,
    /// Write the upstream module here instead of standard output.
    #[arg(short = 'o', long = "output")]
    pub output: Option<String>,
    /// The upstream MLIR release whose syntax to write (13 and later; default 22).
    #[arg(long, default_value_t = 22, value_parser = clap::value_parser!(u32).range(13..))]
    pub release: u32,
}

/// The upstream text of the file's module.
pub fn output(args: &Args) -> Result<String, Failure> {
    let m = input::load(&args.file)?;
    let release = converter::syntax::Release::new(args.release)
        .map_err(|e| Failure::new(exit::USAGE, format!("error: {e}")))?;
    converter::syntax::export_for(&m, release, false)
        .map_err(|d| Failure::from_diags(&args.file, m.source.as_deref(), &[d]))
}

/// Runs `export`: the text on standard output, or in `-o OUT`.
pub fn run(args: &Args) -> Result<Option<String>, Failure> {
    let text = output(args)?;
    match &args.output {
        None => Ok(Some(text)),
        Some(path) => std::fs::write(path, text).map(|_| None).map_err(|e| {
            Failure::new(
                exit::BAD_INPUT,
                format!("{path}: error: cannot write file: {e}"),
            )
        }),
    }
}
