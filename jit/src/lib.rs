//! Native execution of lowered modules through LLVM: the only crate that links LLVM.
//!
//! - [`translate`]: the converter's in-memory LLVM-dialect module -> LLVM IR (inkwell),
//!   checked op by op and then by LLVM's verifier. [`translate_to_ir_string`] is what
//!   `stdlower translate` prints.
//! - [`exec`]: verification + lowering ([`converter::lower::lower_module`]) +
//!   translation + ORC LLJIT compilation + a call of the entry point with
//!   [`converter::value::RtValue`] arguments and results, in this process
//!   ([`run_in_process`], or a reusable [`Jit`]); several calls of one module share
//!   one compilation ([`Jit::run_lowered_calls`], [`Worker::run_batch`]).
//! - [`cabi`]: the C interface a caller expects of a `_mlir_ciface_` wrapper; a call
//!   through a wrapper is shaped by it, not by the wrapper's own type.
//! - [`worker`]: the same in a child process, so that crashes and hangs of generated
//!   code come back as [`RunError::Crash`] / [`RunError::Timeout`] instead of taking the
//!   caller down ([`Worker`], [`WorkerPool`], [`run_isolated`], [`serve_stdio`]); a
//!   worker dies with its parent, and a timeout kills what its code forked too.
//! - [`host`]: the host's target (type layouts via its data layout), native object
//!   files, and MCJIT with caller-mapped externals — the API through which the
//!   harness's `verify-abi` reaches LLVM without linking it itself.
//!
//! # For the harness
//!
//! - Building needs nothing but `scripts/setup.sh` (llvm-22-dev): llvm-sys finds
//!   `llvm-config-22` on `PATH` by itself (even when an older unversioned
//!   `llvm-config` is installed) and links `libLLVM.so.22.1` dynamically
//!   (`prefer-dynamic`). Only a non-standard LLVM location needs
//!   `LLVM_SYS_221_PREFIX=<prefix of llvm 22>` (e.g. `$(llvm-config-22 --prefix)`).
//!   Feature `static-llvm` links LLVM's static libraries instead (`build.rs`), for
//!   binaries that must run where LLVM 22 is not installed (the ClusterFuzzLite targets).
//! - Wire the worker: `stdlower __jit-worker` must call [`serve_stdio`] and exit with
//!   its return value; spawn it with `Worker::spawn(Command::new(current_exe())
//!   .arg("__jit-worker"))` (or [`run_isolated`] with that command). Nothing else may
//!   write to the worker's stdout (it redirects fd 1 to stderr itself).
//! - Externals the generated modules declare (`@ext_mix_i64`) are registered with
//!   [`register_external`] *in the process that runs the code*, i.e. in the worker
//!   (before calling [`serve_stdio`]) when running isolated.
//! - Results: print each with `converter::value::format_result(result_type, value)`.
//! - Environment: `STDLOWER_JIT_AVX512=1` makes the JIT compile for all of the host's
//!   CPU features (by default it leaves AVX-512 out, see [`exec::jit_cpu_features`]);
//!   `STDLOWER_CONFORMANCE` points the tests at another conformance directory; `STDLOWER_JIT_O0_PASSES` (experimental, unset by default) runs a
//!   new-pass-manager pipeline such as `function(sroa,instsimplify)` at O0; it no
//!   longer pays for itself since translation folds aggregate reads
//!   (`docs/jit-cost.md`), and it stops the JIT from running the raw lowering.

pub mod cabi;
pub mod clock;
mod containment;
mod error;
pub mod exec;
pub mod host;
mod lowering;
pub mod multi;
mod orc;
pub mod translate;
pub mod worker;

pub use cabi::{AbiType, CInterface, CParam};
pub use error::JitError;
pub use exec::{
    entry_sig, ir_parses, register_external, run_in_process, run_in_process_with,
    run_ir_in_process, run_lowered_calls_in_process, run_lowered_in_process, unregister_external,
    Call, EntrySig, Jit, RunError, RunOptions,
};
pub use multi::MultiItem;
pub use translate::{translate_module, translate_to_ir_string};
pub use worker::{run_isolated, serve_stdio, EncodedItem, Worker, WorkerCall, WorkerPool};
