//! Arbitrary bytes into the Standard-dialect front end: never a panic.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| harness::fuzzing::fuzz_parse(data));
