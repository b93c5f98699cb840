//! generate -> lower -> verify -> interp vs JIT and the other oracles.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::fuzzing::fuzz_lowering(data));
