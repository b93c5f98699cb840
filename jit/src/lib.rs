//! Native execution of lowered modules through LLVM: the only crate that links LLVM.
//!
//! - [`translate`]: the converter's in-memory LLVM-dialect module -> LLVM IR (inkwell),
//!   verified by LLVM.
//! - [`exec`]: lowering + translation + JIT compilation + a call of the entry point
//!   with [`converter::value::RtValue`] arguments and results, in this process.
//! - [`worker`]: the same in a child process, so that crashes and hangs of generated
//!   code are reported as [`exec::RunError`]s instead of taking the caller down.

pub mod exec;
mod lowering;
mod orc;
pub mod translate;
pub mod worker;

pub use exec::{
    register_external, run_in_process, run_lowered_in_process, EntrySig, Jit, RunError, RunOptions,
};
pub use translate::{translate_module, translate_to_ir_string};
pub use worker::{run_isolated, serve_stdio, Worker, WorkerPool};
