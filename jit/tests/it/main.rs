//! Integration tests of the JIT, in one binary (each module was its own binary, and
//! each linked libLLVM).

mod batch;
mod common;
mod conformance;
#[path = "../../../test-support/conformance.rs"]
mod conformance_data;
mod exec;
mod ir_request;
mod isolation;
mod robust;
mod smoke;
mod translate;
