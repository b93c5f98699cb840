//! One module per `stdlower` subcommand, each an `Args` struct (clap) plus the function
//! that produces its output, so the file-test runner can call the same code in-process.

pub mod campaign;
pub mod check;
pub mod cli;
pub mod export;
pub mod gen;
pub mod interp;
pub mod nightly;
pub mod oracles;
pub mod parse;
pub mod prove;
pub mod reduce;
pub mod run;
pub mod test;
pub mod values;
pub mod verify_abi;

/// `lower` lives in the `stdlower-front` crate, with the options it shares.
pub use stdlower_front::lower;
pub use stdlower_front::options::{index_bitwidth, PassOptions};
