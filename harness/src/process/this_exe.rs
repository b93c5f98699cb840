//! The program to start when the harness starts itself again (a JIT worker, a `lower` in
//! a process of its own, verify-abi's live check): the image this process runs, even
//! after a rebuild has replaced the file on disk.
//!
//! A nightly campaign runs for hours from `target/release` while the same checkout is
//! rebuilt. Starting whatever file the path names *now* starts another build: one that
//! `stdlower-full`'s build check refuses, or whose JIT worker speaks another protocol, so
//! a rebuild turned into findings (`lower-paths` reported "stdlower-full is from another
//! build" on every big-variant case after one). On Linux `/proc/self/exe` names the
//! running image itself, and a child started through it runs that image.

use std::path::{Path, PathBuf};

/// The running image, by `/proc/self/exe` where the system has it.
const SELF_IMAGE: &str = "/proc/self/exe";

/// The path that starts this very program again.
pub fn path() -> PathBuf {
    if Path::new(SELF_IMAGE).exists() {
        PathBuf::from(SELF_IMAGE)
    } else {
        std::env::current_exe().unwrap_or_else(|_| "stdlower".into())
    }
}

/// The name to show for `exe` in a message: this program's own file name when `exe` is
/// [`path`]'s `/proc/self/exe`, else `exe`'s file name.
pub fn name_of(exe: &Path) -> String {
    let shown = if exe == Path::new(SELF_IMAGE) {
        std::env::current_exe().unwrap_or_else(|_| exe.to_path_buf())
    } else {
        exe.to_path_buf()
    };
    shown
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}
