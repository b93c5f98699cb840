//! The `stdlower` binary alone: it does not link libLLVM, answers `lower` and
//! `--version` itself, and hands every other command line to the `stdlower-full`
//! beside it (here a stand-in script that reports how it was called), with its build
//! stamp; without one, it says how to get it. `harness/tests/front.rs` checks it
//! against the real `stdlower-full`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const FRONT: &str = env!("CARGO_BIN_EXE_stdlower");

/// A directory of its own for a test, holding a copy of the front binary.
struct Dir(PathBuf);

impl Dir {
    fn new(test: &str) -> Dir {
        let d = std::env::temp_dir().join(format!("stdlower-front-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::copy(FRONT, d.join("stdlower")).unwrap();
        Dir(d)
    }

    fn front(&self) -> PathBuf {
        self.0.join("stdlower")
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `exe`, a file a test has just written. Another test's thread may fork while
/// that file is still open for writing, and its child holds the descriptor until it
/// execs: executing the file fails with ETXTBSY meanwhile, so that is tried again.
fn run(exe: &Path, args: &[&str]) -> Output {
    for _ in 0..50 {
        match Command::new(exe).args(args).output() {
            Err(e) if e.kind() == std::io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            r => return r.expect("run stdlower"),
        }
    }
    panic!("{} stayed busy", exe.display())
}

fn text(v: &[u8]) -> String {
    String::from_utf8_lossy(v).into_owned()
}

fn corpus(file: &str) -> String {
    format!("{}/../corpus/{file}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn stdlower_does_not_link_libllvm() {
    let bytes = std::fs::read(FRONT).unwrap();
    assert!(!bytes.windows(10).any(|w| w == b"libLLVM.so"));
}

#[test]
fn lower_and_version_run_without_stdlower_full() {
    let dir = Dir::new("alone");
    let out = run(
        &dir.front(),
        &["lower", &corpus("lower/alloc_aligned.mlir")],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("llvm.func"),
        "{}",
        text(&out.stdout)
    );
    assert!(out.stderr.is_empty());
    // Bad input: a located error and status 1, nothing on standard output.
    let out = run(&dir.front(), &["lower", "/nonexistent.mlir"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(text(&out.stderr).starts_with("/nonexistent.mlir: error: cannot read file"));
    let out = run(&dir.front(), &["--version"]);
    assert_eq!(out.status.code(), Some(0));
    let want = format!("stdlower {} (commit ", env!("CARGO_PKG_VERSION"));
    assert!(
        text(&out.stdout).starts_with(&want),
        "{}",
        text(&out.stdout)
    );
    // Anything else needs stdlower-full.
    for args in [&["gen", "--seed", "7"][..], &["lower"], &["--help"]] {
        let out = run(&dir.front(), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(
            text(&out.stderr).contains("this command needs stdlower-full"),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[cfg(unix)]
#[test]
fn every_other_command_line_goes_to_stdlower_full_with_the_build_stamp() {
    use std::os::unix::fs::PermissionsExt;
    let dir = Dir::new("hand-over");
    let full = dir.0.join("stdlower-full");
    std::fs::write(
        &full,
        "#!/bin/sh\nprintf '%s|' \"$0\" \"$@\" \"$STDLOWER_FRONT_BUILD\"\nexit 7\n",
    )
    .unwrap();
    std::fs::set_permissions(&full, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut stamps = Vec::new();
    for args in [
        &["gen", "--seed", "7"][..],
        &["lower"],
        &["lower", "x.mlir", "--index-bitwidth", "16"],
        &["no-such-command"],
        &["interp", "x.mlir", "--help"],
    ] {
        let out = run(&dir.front(), args);
        // The script's status and output are the command's: the front is replaced.
        assert_eq!(out.status.code(), Some(7), "{args:?}");
        let said = text(&out.stdout);
        let fields: Vec<&str> = said.trim_end_matches('|').split('|').collect();
        assert_eq!(fields.len(), args.len() + 2, "{args:?}: {said}");
        assert_eq!(&fields[1..=args.len()], args, "{said}");
        stamps.push(fields[args.len() + 1].to_string());
    }
    assert!(!stamps[0].is_empty());
    assert!(stamps.iter().all(|s| *s == stamps[0]), "{stamps:?}");
    // `lower` itself is not handed over.
    let out = run(
        &dir.front(),
        &["lower", &corpus("lower/alloc_aligned.mlir")],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

/// `--version`: the crate's version, the commit built and the LLVM `stdlower-full` is
/// built against (`harness/tests/front.rs` checks that `stdlower-full` says the same).
#[test]
fn version_names_the_commit_and_llvm() {
    let out = run(FRONT.as_ref(), &["--version"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v = text(&out.stdout);
    let rest = v
        .strip_prefix(&format!("stdlower {} (commit ", env!("CARGO_PKG_VERSION")))
        .unwrap_or_else(|| panic!("{v}"));
    let (commit, rest) = rest.split_once(", LLVM ").unwrap_or_else(|| panic!("{v}"));
    let hex = commit.strip_suffix("-dirty").unwrap_or(commit);
    assert!(
        commit == "unknown" || (hex.len() == 12 && hex.bytes().all(|b| b.is_ascii_hexdigit())),
        "{v}"
    );
    let llvm = rest.strip_suffix(")\n").unwrap_or_else(|| panic!("{v}"));
    match Command::new("llvm-config-22").arg("--version").output() {
        Ok(want) if want.status.success() => {
            assert_eq!(llvm, text(&want.stdout).trim(), "{v}")
        }
        _ => assert!(llvm.starts_with("22.") || llvm == "unknown", "{v}"),
    }
    let out = run(FRONT.as_ref(), &["-V"]);
    assert_eq!(text(&out.stdout), v);
}
