//! The adapter between the harness and the `jit` crate: runs lowered code in the
//! isolated worker process and serves as that worker.

use crate::exec::{ExecOptions, Outcome};
use converter::ir::Module;
use converter::value::RtValue;

/// Runs the entry natively (placeholder until the JIT lands).
pub fn run_jit(_m: &Module, _entry: &str, _args: &[RtValue], _opts: &ExecOptions) -> Outcome {
    Outcome::Error("the JIT is not available in this build".into())
}

/// Serves JIT requests on stdin/stdout (placeholder until the JIT lands).
pub fn serve_worker() {}

/// LLVM IR for a lowered module (placeholder until the JIT lands).
pub fn translate(_lowered: &Module) -> Result<String, String> {
    Err("the JIT is not available in this build".into())
}
