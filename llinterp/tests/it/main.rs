//! Integration tests of the LLVM-dialect interpreter.
//! One binary for the crate's integration tests (each module was its own binary, and
//! each linked the whole dependency stack).

mod externals;
mod generated;
mod ub;
