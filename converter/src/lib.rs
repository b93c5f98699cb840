//! stdlower's converter crate: the IR shared by every part of the project, the
//! Standard-dialect front end, the verifier, and the Standard -> LLVM dialect lowering
//! with its printers. Pure Rust: nothing here links LLVM, so it builds in seconds.

pub mod arg_view;
/// Where the shared conformance programs are, for the unit tests (test code shared by
/// the tests of every crate; the library itself knows no test data).
#[cfg(test)]
#[path = "../../test-support/conformance.rs"]
mod conformance;
pub mod diag;
pub mod float_round;
pub mod ir;
pub mod llvm_print;
pub mod lower;
pub mod syntax;
pub mod value;
pub mod verify;

pub use diag::{Diagnostic, Loc};
