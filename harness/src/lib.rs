//! The harness behind the `stdlower` command: file tests, execution of both paths,
//! the differential oracles, and the command line itself. A library, so that fuzz
//! targets, benchmarks and tests use the same code as the command.

pub mod abi;
pub mod alloc;
pub mod arg_attrs;
pub mod campaign;
pub mod ciface;
pub mod cli;
pub mod cmd;
pub mod exec;
pub mod exit;
pub mod externals;
pub mod filetest;
pub mod front;
pub mod fuzzing;
pub mod input;
pub mod known_upstream;
pub mod leaks;
pub mod lower_paths;
pub mod mlir_translate;
pub mod native;
pub mod oracles;
pub mod output;
pub mod panics;
pub mod reduce;
pub mod temp_cleanup;
pub mod upstream;
pub mod upstream_structure;
