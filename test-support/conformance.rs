//! Where the shared conformance programs are (`shared/conformance/*.mlir` with their
//! `.expect` lines), for the tests of every crate: test code, not part of any crate's
//! library. Each crate's tests include this one file (`#[path = ...] mod conformance;`),
//! so that no crate's tests look somewhere else or skip them where another's run them.

use std::path::{Path, PathBuf};

/// `$STDLOWER_CONFORMANCE` when set; else the first directory that exists of
/// `shared/conformance` beside the checkout and one level further up (a worktree under
/// `wt/`), both relative to the including crate's directory. `None` when there is none:
/// a clone elsewhere sets the variable. No machine's absolute path is built in.
pub fn conformance_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("STDLOWER_CONFORMANCE") {
        return Some(d.into());
    }
    let base = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        base.join("../../shared/conformance"),
        base.join("../../../shared/conformance"),
    ]
    .into_iter()
    .find(|d| d.is_dir())
}
