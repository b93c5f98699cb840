//! generate -> lower -> verify -> interp vs JIT and the other oracles. Started as
//! `lowering __jit-worker`, the binary is its own isolated JIT worker instead.
#![no_main]

/// As in the `stdlower` binaries: mimalloc for the many small vectors of the IR.
#[global_allocator]
static GLOBAL: harness::alloc::Allocator = harness::alloc::Allocator;

libfuzzer_sys::fuzz_target!(
    init: harness::fuzzing::serve_worker_if_asked(),
    |data: &[u8]| harness::fuzzing::fuzz_lowering(data)
);
