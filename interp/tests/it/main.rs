//! Integration tests of the Standard-dialect interpreter.
//! One binary for the crate's integration tests (each module was its own binary, and
//! each linked the whole dependency stack).

mod api;
mod builder;
mod files;
mod props;
