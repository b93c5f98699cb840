//! Implementations of the external functions that generated modules may declare and
//! call, for both execution paths: the interpreter calls [`HarnessExternals`], the JIT
//! is given the addresses of the `extern "C"` versions.

use converter::value::RtValue;

/// External functions the harness implements for the interpreter.
pub struct HarnessExternals;

impl interp::Externals for HarnessExternals {
    fn call(&mut self, _name: &str, _args: &[RtValue]) -> Option<Result<Vec<RtValue>, String>> {
        None
    }
}
