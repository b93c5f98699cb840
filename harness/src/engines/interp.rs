//! The Standard interpreter as an execution path: the reference. What it returns is
//! what the module computes; it sees every undefined behaviour of the Standard
//! semantics (a UB, fuel or call-depth limit makes the case a skip, never a finding),
//! and it has no resource limits of a native path's kind.

use super::{Engine, Runs};
use crate::exec::Outcome;

/// The Standard interpreter.
pub struct Interp;

impl Engine for Interp {
    fn name(&self) -> &'static str {
        "interp"
    }

    fn run<'c>(&self, runs: &'c dyn Runs) -> Option<&'c Outcome> {
        Some(runs.interp())
    }
}
