//! One module per `stdlower` subcommand, each an `Args` struct (clap) plus the function
//! that produces its output, so the file-test runner can call the same code in-process.

pub mod campaign;
pub mod check;
pub mod export;
pub mod gen;
pub mod interp;
pub mod lower;
pub mod parse;
pub mod reduce;
pub mod run;
pub mod test;
pub mod verify_abi;

/// Accepts only the index bit widths the converter supports.
pub fn index_bitwidth(s: &str) -> Result<u32, String> {
    match s {
        "32" => Ok(32),
        "64" => Ok(64),
        _ => Err(format!("index bit width must be 32 or 64, not '{s}'")),
    }
}
