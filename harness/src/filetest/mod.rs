//! File tests: `.mlir` files that carry their expectations in comments, run by
//! `stdlower test DIR...` and by `cargo test` over the whole `corpus/`.

pub mod bless;
pub mod directives;
pub mod filecheck;
pub mod runner;

pub use runner::{run_file, FileResult, RunConfig};

use rayon::prelude::*;
use std::path::{Path, PathBuf};

/// The files the given paths name, sorted: every `.mlir` file under a directory, and
/// any other path as it is (a file named on the command line is read whatever its
/// name, one that does not exist is its reader's error, `-` is standard input).
pub fn discover(paths: &[String]) -> Vec<PathBuf> {
    fn walk(p: &Path, out: &mut Vec<PathBuf>) {
        if p.is_dir() {
            if let Ok(rd) = std::fs::read_dir(p) {
                for e in rd.flatten() {
                    walk(&e.path(), out);
                }
            }
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p.to_path_buf());
        }
    }
    let mut out = Vec::new();
    for p in paths {
        let p = Path::new(p);
        if p.is_dir() {
            walk(p, &mut out);
        } else {
            out.push(p.to_path_buf());
        }
    }
    out.sort();
    out
}

/// Runs every file, in parallel, returning `(path, result)` in path order. A file test
/// that panics fails with the panic's message and location; the others run as usual.
pub fn run_all(files: &[PathBuf], cfg: &RunConfig) -> Vec<(PathBuf, FileResult)> {
    run_all_with(files, cfg, &run_file, None)
}

/// How one file test is run: [`run_file`] (tests give one that fails on purpose).
pub type RunFile = dyn Fn(&str, &[u8], &RunConfig) -> FileResult + Sync;

/// [`run_all`] with `run` in place of [`run_file`], each file's in-process work watched
/// by `wd` when given (`stdlower test`: [`crate::process::watchdog::watch_files`]).
pub fn run_all_with(
    files: &[PathBuf],
    cfg: &RunConfig,
    run: &RunFile,
    wd: Option<&crate::process::watchdog::Watchdog>,
) -> Vec<(PathBuf, FileResult)> {
    files
        .par_iter()
        .enumerate()
        .map(|(i, f)| {
            crate::process::watchdog::watch_item(wd, i, || {
                let shown = f.display().to_string();
                let bytes = if f.as_os_str() == "-" {
                    crate::input::read_bytes("-").map_err(|e| e.message)
                } else {
                    std::fs::read(f).map_err(|e| format!("{shown}: cannot read: {e}"))
                };
                let r = match bytes {
                    Ok(bytes) => crate::process::panics::catch(|| run(&shown, &bytes, cfg))
                        .unwrap_or_else(|p| FileResult {
                            failures: vec![format!("{shown}: {p}")],
                            checks: 1,
                        }),
                    Err(e) => FileResult {
                        failures: vec![e],
                        checks: 0,
                    },
                };
                (f.clone(), r)
            })
        })
        .collect()
}
