//! Integration tests of the converter: parser, printers, verifiers, lowering.
//! One binary for the crate's integration tests (each module was its own binary, and
//! each linked the whole dependency stack).

mod dense_hex;
mod names;
mod parse_robustness;
mod roundtrip;
mod verify_corpus;
mod verify_text;
