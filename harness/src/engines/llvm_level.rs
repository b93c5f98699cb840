//! The LLVM-level interpreter (`llinterp`) as an execution path: our lowering run with
//! LLVM's semantics (poison, UB, bytes in memory), so it sees undefined behaviour of
//! the lowered code that native code runs through. It takes a case when `llvm-level` is
//! asked for and it models every construct of the lowering; fuel or call depth running
//! out, or a construct it does not model, is no outcome (the oracle counts
//! `llvm-level-skipped`).

use super::Engine;
use crate::exec::Outcome;
use crate::oracles::check::Case;

/// The LLVM-level interpreter.
pub struct LlvmLevel;

impl Engine for LlvmLevel {
    fn name(&self) -> &'static str {
        "llvm-level"
    }

    fn run<'c>(&self, case: &'c Case<'_>) -> Option<&'c Outcome> {
        case.llvm_level_outcome()
    }
}
