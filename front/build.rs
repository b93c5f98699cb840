//! Stamps each build of `stdlower` (this crate) and of `stdlower-full` (the harness,
//! which takes the stamp from this crate's `front::BUILD_ID`) with an identifier
//! (`STDLOWER_BUILD_ID`), so that `stdlower` can tell whether the `stdlower-full` it
//! hands a command to was built from the same sources (`cargo build --bin stdlower`
//! alone leaves it stale), and with what `--version` reports: the git commit
//! (`STDLOWER_GIT_COMMIT`, "unknown" outside a git checkout) and the LLVM the build
//! found (`STDLOWER_LLVM_VERSION`, as llvm-sys finds it for `stdlower-full`:
//! `$LLVM_SYS_221_PREFIX/bin/llvm-config`, else `llvm-config-22` or `llvm-config` on
//! the PATH; "unknown" when none answers). Neither lookup can fail the build, and this
//! crate links no LLVM: it only asks llvm-config for the version.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

fn main() {
    // The stamp changes whenever the code of either binary may have: any source of
    // the crates `stdlower` (this crate) and `stdlower-full` (the harness, which takes
    // the stamp from here) are built from.
    for dir in [
        "src",
        "Cargo.toml",
        "../harness/src",
        "../harness/Cargo.toml",
        "../converter",
        "../interp",
        "../jit",
        "../generator",
        "../Cargo.lock",
    ] {
        println!("cargo:rerun-if-changed={dir}");
    }
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    println!(
        "cargo:rustc-env=STDLOWER_BUILD_ID={nanos:x}-{:x}",
        std::process::id()
    );
    println!("cargo:rustc-env=STDLOWER_GIT_COMMIT={}", git_commit());
    println!("cargo:rerun-if-env-changed=LLVM_SYS_221_PREFIX");
    println!(
        "cargo:rustc-env=STDLOWER_LLVM_VERSION={}",
        llvm_version().unwrap_or_else(|| "unknown".into())
    );
}

/// The output of a command that succeeded, trimmed; `None` for anything else.
fn answer(cmd: &mut Command) -> Option<String> {
    let out = cmd.output().ok()?;
    let s = String::from_utf8(out.stdout).ok()?;
    let s = s.trim();
    (out.status.success() && !s.is_empty()).then(|| s.to_string())
}

/// The checkout's commit (12 hex digits), `-dirty` when tracked files differ from it;
/// "unknown" without git or outside a checkout. Rebuilt when HEAD moves.
fn git_commit() -> String {
    let git = |args: &[&str]| answer(Command::new("git").args(args));
    let Some(commit) = git(&["rev-parse", "--short=12", "HEAD"]) else {
        return "unknown".into();
    };
    // HEAD, and the branch file it points to, change with every commit and checkout.
    for file in ["HEAD"]
        .into_iter()
        .map(str::to_string)
        .chain(git(&["symbolic-ref", "-q", "HEAD"]))
    {
        // A relative path is relative to the working directory, the crate's, as
        // cargo reads it.
        if let Some(p) = git(&["rev-parse", "--git-path", &file]).map(PathBuf::from) {
            if p.exists() {
                println!("cargo:rerun-if-changed={}", p.display());
            }
        }
    }
    // `--no-optional-locks`: a build must not write the repository's index.
    let changes = git(&[
        "--no-optional-locks",
        "status",
        "--porcelain",
        "--untracked-files=no",
    ]);
    if changes.is_some() {
        format!("{commit}-dirty")
    } else {
        commit
    }
}

/// `llvm-config --version` of the llvm-config llvm-sys would use.
fn llvm_version() -> Option<String> {
    if let Some(prefix) = std::env::var_os("LLVM_SYS_221_PREFIX") {
        return answer(Command::new(Path::new(&prefix).join("bin/llvm-config")).arg("--version"));
    }
    // llvm-sys 221 takes LLVM 22 only.
    ["llvm-config-22", "llvm-config"]
        .into_iter()
        .filter_map(|c| answer(Command::new(c).arg("--version")))
        .find(|v| v.starts_with("22."))
}
