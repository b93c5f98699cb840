//! The LLVM-level interpreter (`llinterp`) as an execution path: our lowering run with
//! LLVM's semantics (poison, UB, bytes in memory), so it sees undefined behaviour of
//! the lowered code that native code runs through. It takes a case when `llvm-level` is
//! asked for and it models every construct of the lowering; fuel or call depth running
//! out, or a construct it does not model, is no outcome (the oracle counts
//! `llvm-level-skipped`).

use super::{Engine, Runs};
use crate::exec::Outcome;

/// The LLVM-level interpreter.
pub struct LlvmLevel;

impl Engine for LlvmLevel {
    fn name(&self) -> &'static str {
        "llvm-level"
    }

    fn run<'c>(&self, runs: &'c dyn Runs) -> Option<&'c Outcome> {
        runs.llvm_level()
    }
}
