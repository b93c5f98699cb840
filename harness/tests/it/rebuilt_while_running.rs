//! A long run survives a rebuild of its own binary: the processes a check starts (the JIT
//! worker, lower-paths' `stdlower lower` of the big variant) run the image the check
//! runs, not whatever file its path names by then. Before `harness::process::this_exe`, a
//! campaign left running while the checkout was rebuilt reported every big-variant
//! case as a `lower-paths` finding ("stdlower-full is from another build").

use crate::common::TempDir;
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn a_check_started_before_its_binary_was_replaced_runs_its_own_image() {
    let dir = TempDir::new("rebuilt_while_running");
    let exe = dir
        .file("placeholder", "")
        .with_file_name(format!("stdlower-full{}", std::env::consts::EXE_SUFFIX));
    std::fs::copy(env!("CARGO_BIN_EXE_stdlower-full"), &exe).expect("copy stdlower-full");
    let module = "func @main() -> (i32, f32) {\n  %a = constant 7 : i32\n  %m = alloc() : memref<3xf32>\n  %i = constant 1 : index\n  %f = constant 2.5 : f32\n  store %f, %m[%i] : memref<3xf32>\n  %g = load %m[%i] : memref<3xf32>\n  dealloc %m : memref<3xf32>\n  return %a, %g : i32, f32\n}\n";
    let mut child = Command::new(&exe)
        .args(["check", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the copy");
    // The check waits for its input: replace the file it was started from now, the way
    // cargo replaces a rebuilt binary (a new file renamed over the old one).
    let other = exe.with_extension("new");
    std::fs::write(&other, "#!/bin/sh\necho 'another build' >&2\nexit 7\n").expect("write");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&other, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::rename(&other, &exe).expect("replace the binary");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(module.as_bytes()).expect("send the module");
    drop(stdin);
    let out = child.wait_with_output().expect("the check ends");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stdout}\n{stderr}");
    // It did run the native path and lower-paths' child, and both agreed.
    assert!(
        stdout.contains("1 agree, 0 findings") && stdout.contains(" 0 skipped"),
        "{stdout}"
    );
    assert!(!stderr.contains("another build"), "{stderr}");
}
