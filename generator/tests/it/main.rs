//! Integration tests of the generator.
//! One binary for the crate's integration tests (each module was its own binary, and
//! each linked the whole dependency stack).

mod common;
mod coverage;
mod interp;
mod properties;
