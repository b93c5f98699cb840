//! The two binaries together: `stdlower` (the `stdlower-front` crate) runs `lower`
//! without libLLVM and hands every other command (and every usage error) to
//! `stdlower-full`, which refuses a `stdlower` of another build. The front's own tests
//! (`front/tests/front.rs`) check it alone.

use crate::common;
use std::process::{Command, Output};

fn run(exe: &str, args: &[&str]) -> Output {
    Command::new(exe).args(args).output().expect("run")
}

const FULL: &str = env!("CARGO_BIN_EXE_stdlower-full");

#[test]
fn stdlower_full_links_libllvm_and_stdlower_does_not() {
    let names_llvm = |exe: &std::path::Path| {
        let bytes = std::fs::read(exe).unwrap();
        bytes.windows(10).any(|w| w == b"libLLVM.so")
    };
    assert!(names_llvm(FULL.as_ref()));
    if let Some(front) = common::front_exe() {
        assert!(!names_llvm(&front));
    }
}

#[test]
fn every_command_behaves_as_stdlower_full_does() {
    let Some(front) = common::front_exe() else {
        return;
    };
    let front = front.to_string_lossy();
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../corpus/lower/alloc_aligned.mlir"
    );
    for args in [
        &["lower", file][..],
        &["lower", file, "--syntax", "legacy", "--emit-c-interface"],
        &["lower", "/nonexistent.mlir"],
        &["lower"],
        &["lower", file, "--index-bitwidth", "16"],
        &["parse", file],
        &["gen", "--seed", "7"],
        &["interp", file, "--help"],
        &["no-such-command"],
        &["--version"],
    ] {
        let (a, b) = (run(&front, args), run(FULL, args));
        // A front from an older build: stdlower-full refuses it.
        assert!(
            !String::from_utf8_lossy(&a.stderr).contains("another build"),
            "{front} is from another build than {FULL}: rebuild both (`cargo build --bins`)"
        );
        assert_eq!(a.status.code(), b.status.code(), "{args:?}");
        // Help and usage messages name the binary they were run as.
        let text = |v: &[u8]| String::from_utf8_lossy(v).replace("stdlower-full", "stdlower");
        assert_eq!(text(&a.stdout), text(&b.stdout), "{args:?}");
        assert_eq!(text(&a.stderr), text(&b.stderr), "{args:?}");
    }
}

#[test]
fn stdlower_full_refuses_a_front_of_another_build() {
    let out = Command::new(FULL)
        .args(["gen", "--seed", "1"])
        .env("STDLOWER_FRONT_BUILD", "another-build")
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("another build"));
}
