//! Arbitrary bytes into the Standard-dialect front end: never a panic.
#![no_main]

/// As in the `stdlower` binaries: mimalloc for the many small vectors of the IR.
#[global_allocator]
static GLOBAL: harness::alloc::Allocator = harness::alloc::Allocator;

libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::fuzzing::fuzz_parse(data));
