//! What the integration tests that drive the `stdlower` binary share.

use std::process::Command;

/// Runs the `stdlower` binary: whether it succeeded, its stdout and its stderr.
pub fn stdlower(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_stdlower"))
        .args(args)
        .output()
        .expect("run stdlower");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
