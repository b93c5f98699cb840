//! The harness behind the `stdlower` command: file tests, execution of both paths,
//! the differential oracles, and the command line itself. A library, so that fuzz
//! targets, benchmarks and tests use the same code as the command.

pub mod abi;
pub mod bare_ptr;
pub mod campaign;
pub mod ciface;
pub mod cli_error;
pub mod cmd;
pub mod engines;
pub mod exec;
pub mod externals;
pub mod filetest;
pub mod fuzzing;
pub mod jit_pool;
pub mod junit;
pub mod known_upstream;
#[cfg(test)]
mod layers;
pub mod level;
pub mod lower_paths;
pub mod mlir_translate;
pub mod native;
pub mod oracles;
pub mod process;
pub mod prove;
pub mod reduce;
pub mod upstream;
pub mod upstream_release;
pub mod upstream_structure;
pub mod upstream_tools;
pub mod verdict;

// The `lower` command and what it needs live in the `stdlower-front` crate (the
// `stdlower` binary, which must not link libLLVM); `stdlower-full` runs the same code.
pub use stdlower_front::{alloc, exit, front, input};
