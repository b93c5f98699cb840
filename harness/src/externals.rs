//! The external functions that generated modules may declare and call
//! (`generator::external_impls()` gives their exact semantics), hooked up to both
//! execution paths: the interpreter calls [`HarnessExternals`]; the JIT is given the
//! addresses of the generator's `extern "C"` versions (`generator::externals::abi`,
//! descriptors expanded as LLVM 11's calling convention passes them) by
//! [`register_with_jit`].

use converter::value::RtValue;

/// External functions the harness implements for the interpreter.
pub struct HarnessExternals;

impl interp::Externals for HarnessExternals {
    fn call(&mut self, name: &str, args: &[RtValue]) -> Option<Result<Vec<RtValue>, String>> {
        generator::externals::call_rt(name, args)
    }
}

/// Makes the external functions resolvable by JIT-compiled code in this process.
pub fn register_with_jit() {
    for (name, addr) in generator::externals::abi::symbols() {
        jit::register_external(name, addr);
    }
}
