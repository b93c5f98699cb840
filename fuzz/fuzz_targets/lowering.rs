//! generate -> lower -> verify -> interp vs JIT and the other oracles. Started as
//! `lowering __jit-worker`, the binary is its own isolated JIT worker instead.
//!
//! Written out rather than through `libfuzzer_sys::fuzz_target!`, whose initializer
//! cannot see the command line: this one puts the target's default libFuzzer flags
//! (`harness::fuzzing::LOWERING_DEFAULT_FLAGS`) in front of the user's, which libFuzzer
//! reads right after it returns.
#![no_main]

use std::ffi::{c_char, c_int, CStr, CString};

/// As in the `stdlower` binaries: mimalloc for the many small vectors of the IR.
#[global_allocator]
static GLOBAL: harness::alloc::Allocator = harness::alloc::Allocator;

/// libFuzzer calls this once, before it parses its flags from `*argv`.
///
/// # Safety
/// libFuzzer passes its own `argc` and `argv`, `*argc` valid C strings.
#[no_mangle]
pub unsafe extern "C" fn LLVMFuzzerInitialize(
    argc: *mut c_int,
    argv: *mut *mut *mut c_char,
) -> c_int {
    libfuzzer_sys::initialize(argc as *const isize, argv as *const *const *const u8);
    harness::fuzzing::serve_worker_if_asked();
    // SAFETY: libFuzzer's argc and argv, as the contract above says.
    let args: Vec<String> = (0..*argc as usize)
        .map(|i| {
            CStr::from_ptr(*(*argv).add(i))
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let with =
        harness::fuzzing::with_default_flags(&args, harness::fuzzing::LOWERING_DEFAULT_FLAGS);
    if with.len() != args.len() {
        // The new argv lives as long as the process, as libFuzzer's own does.
        let mut ptrs: Vec<*mut c_char> = with
            .iter()
            .map(|a| CString::new(a.as_str()).unwrap_or_default().into_raw())
            .collect();
        ptrs.push(std::ptr::null_mut());
        *argc = (ptrs.len() - 1) as c_int;
        *argv = Box::leak(ptrs.into_boxed_slice()).as_mut_ptr();
        eprintln!(
            "INFO: stdlower: added {} (the lowering target's defaults, docs/jit-cost.md)",
            with[1..=with.len() - args.len()].join(" ")
        );
    }
    0
}

/// Called by libfuzzer-sys's `LLVMFuzzerTestOneInput` for each input (a Rust caller
/// declared as `extern "C"`, so the slice never crosses a C boundary).
#[no_mangle]
#[allow(improper_ctypes_definitions)]
pub extern "C" fn rust_fuzzer_test_input(bytes: &[u8]) -> i32 {
    // `cargo fuzz fmt` and `cargo fuzz run` with debug output set this: write the input.
    if let Some(path) = libfuzzer_sys::rust_libfuzzer_debug_path() {
        let _ = std::fs::write(path, format!("{bytes:?}\n"));
        return 0;
    }
    run(bytes);
    0
}

/// Named after this target, so a panic's stack says which target it came from.
#[inline(never)]
fn run(bytes: &[u8]) {
    harness::fuzzing::fuzz_lowering(bytes)
}
