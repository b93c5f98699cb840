//! The JIT compiles for the host CPU without AVX-512 unless `STDLOWER_JIT_AVX512=1`:
//! the documented LLVM 22 abort on `<1 x i1>` call arguments
//! (`docs/findings/llvm22-avx512-i1-vector-call.md`) no longer happens by default, and
//! still happens, with the message `known_upstream` recognizes, when all host features
//! are asked for on an AVX-512 host.

use harness::known_upstream::KNOWN;
use std::process::Command;

const REPRODUCER: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../docs/findings/llvm22-avx512-i1-vector-call.mlir"
);

fn run(full_host_features: bool) -> std::process::Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_stdlower-full"));
    c.args(["run", REPRODUCER]);
    if full_host_features {
        c.env(jit::exec::FULL_HOST_FEATURES_ENV, "1");
    } else {
        c.env_remove(jit::exec::FULL_HOST_FEATURES_ENV);
    }
    c.output().expect("run stdlower")
}

fn host_has_avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512f")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[test]
fn the_avx512_abort_is_gone_by_default() {
    let out = run(false);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    if host_has_avx512() && !jit::exec::jit_uses_avx512() {
        assert!(jit::exec::jit_cpu_features().ends_with(",-avx512f"));
    }
}

#[test]
fn all_host_features_still_reproduce_the_documented_abort() {
    let out = run(true);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if host_has_avx512() {
        assert_eq!(out.status.code(), Some(4), "{stderr}");
        let doc = "docs/findings/llvm22-avx512-i1-vector-call.md";
        let bug = KNOWN.iter().find(|k| k.doc == doc).expect("documented");
        assert!(stderr.contains("SIGABRT"), "{stderr}");
        assert!(stderr.contains(bug.signature), "{stderr}");
    } else {
        assert_eq!(out.status.code(), Some(0), "{stderr}");
    }
}
