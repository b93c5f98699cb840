//! `stdlower parse FILE [--generic]`: parse, verify and print the module back.

use crate::input::{self, Failure};
use converter::syntax::{print_module, PrintOptions};

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The Standard-dialect file (`-` for standard input).
    pub file: String,
    /// Print every op in MLIR's generic form.
    #[arg(long)]
    pub generic: bool,
}

/// The text `parse` prints for a file.
pub fn output(args: &Args) -> Result<String, Failure> {
    let m = input::load(&args.file)?;
    Ok(print_module(
        &m,
        &PrintOptions {
            generic: args.generic,
        },
    ))
}
