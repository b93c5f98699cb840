//! The execution paths a case is run on, one file each, behind one trait ([`Engine`]),
//! and the one comparison of two paths' outcomes ([`diff`], with its one result type
//! [`Diff`]), in the manner of Wasmtime's `DiffEngine` and `DiffEqResult`: the Standard
//! interpreter ([`interp`]), the LLVM-level interpreter ([`llvm_level`]), the JIT of our
//! lowering ([`jit`]) and MLIR 22's lowering run natively ([`upstream`]). Each path
//! says what it cannot take ([`Engine::run`] gives `None`) and which of its outcomes say
//! nothing about the code ([`Engine::limit`]: a native timeout, an exhausted stack).
//! The oracles `interp-vs-jit`, `upstream`, `llvm-level`, `successor-split` and
//! `c-interface` compare outcomes with [`diff`] only. Adding a path is one file here
//! (`docs/adding-an-oracle.md`, "Adding an execution path").

pub mod interp;
pub mod jit;
pub mod llvm_level;
pub mod upstream;

use crate::exec::{NativeLimit, Outcome};

/// The outcome of each path on one case, each made once by whoever holds the case: the
/// oracles' per-case context (`oracles::check::Case`) makes each on first request, with
/// what the paths share (the interpreter's step count sets the LLVM level's fuel, one
/// compilation serves the JIT's entry and the C-interface calls).
pub trait Runs {
    /// The Standard interpreter's outcome of the entry.
    fn interp(&self) -> &Outcome;
    /// The LLVM level's, when it ran the case.
    fn llvm_level(&self) -> Option<&Outcome>;
    /// The JIT's, when it ran.
    fn jit(&self) -> Option<&Outcome>;
    /// Upstream's, when it was asked for and took the case.
    fn upstream(&self) -> Option<&Outcome>;
}

/// One way of running a case's entry.
pub trait Engine: Sync {
    /// Its name, as a finding's section heads its outcome (`interp`, `jit`, ...).
    fn name(&self) -> &'static str;
    /// Its outcome of the case's entry with the case's arguments, read from the case's
    /// runs (made once per case); `None` when the path cannot take this case (not asked
    /// for, or a construct or option it does not model): nothing to compare.
    fn run<'c>(&self, runs: &'c dyn Runs) -> Option<&'c Outcome>;
    /// Whether the outcome `o` of this path is a resource limit that says nothing about
    /// the code (only native paths have them).
    fn limit(&self, _o: &Outcome) -> Option<NativeLimit> {
        None
    }
}

/// How two paths' outcomes compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Diff {
    /// Both returned, the same values (bit-exact, memrefs included).
    Same,
    /// Neither returned values, and both failed the same way (the same message): alike
    /// for naming the odd path out of three, never an agreement.
    SameFailure,
    /// Anything else.
    Different,
}

impl Diff {
    /// Whether the two paths agree (the same values).
    pub fn agrees(self) -> bool {
        self == Diff::Same
    }

    /// Whether the two paths are alike (the same values, or the same failure).
    pub fn alike(self) -> bool {
        self != Diff::Different
    }
}

/// The comparison of outcomes `a` and `b`: the one every differential oracle uses.
pub fn diff(a: &Outcome, b: &Outcome) -> Diff {
    if a.same_results(b) {
        Diff::Same
    } else if a == b && !matches!(a, Outcome::Values(_)) {
        Diff::SameFailure
    } else {
        Diff::Different
    }
}

/// Every path, in the order a finding shows their outcomes.
pub static ENGINES: &[&dyn Engine] = &[
    &interp::Interp,
    &llvm_level::LlvmLevel,
    &jit::Jit,
    &upstream::Upstream,
];

#[cfg(test)]
mod tests {
    use super::*;
    use converter::ir::Type;
    use converter::value::RtValue;

    /// Equal values agree; equal failures are alike but never agree; the rest differ.
    #[test]
    fn the_one_comparison() {
        let v = |x| Outcome::Values(vec![(Type::i64(), RtValue::Int(x))]);
        let crash = Outcome::Crash("crashed".into());
        assert_eq!(diff(&v(1), &v(1)), Diff::Same);
        assert_eq!(diff(&v(1), &v(2)), Diff::Different);
        assert_eq!(diff(&crash, &crash), Diff::SameFailure);
        assert!(!diff(&crash, &crash).agrees());
        assert!(diff(&crash, &crash).alike());
        assert_eq!(diff(&crash, &v(1)), Diff::Different);
        let names: Vec<_> = ENGINES.iter().map(|e| e.name()).collect();
        assert_eq!(names, ["interp", "llvm-level", "jit", "upstream"]);
    }
}
