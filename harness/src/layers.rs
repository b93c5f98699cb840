//! The layering rules of `ARCHITECTURE.md`, checked on the sources: `process/` names no
//! other harness module, and nothing outside `cmd/` names `cmd/` (but for the known
//! exceptions listed here, in files that are someone else's to move).

use std::path::{Path, PathBuf};

/// The `.rs` files under `dir`, recursively.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir)
        .expect("reads the source directory")
        .flatten()
    {
        let p = e.path();
        if p.is_dir() {
            v.extend(sources(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            v.push(p);
        }
    }
    v
}

/// The harness modules a source file names (`crate::NAME`, `crate::{A, B::C}`),
/// comments left out.
fn imports(text: &str) -> Vec<String> {
    let code: String = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut v = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        match rest.strip_prefix('{') {
            Some(group) => {
                let group = &group[..group.find('}').unwrap_or(group.len())];
                v.extend(group.split(',').map(ident).filter(|m| !m.is_empty()));
            }
            None => v.push(ident(rest)),
        }
    }
    v
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// `process/` is the bottom layer: it names no other harness module (`exit` and
/// `input` are `stdlower_front`'s, re-exported at the crate root).
#[test]
fn process_imports_no_other_harness_module() {
    let mut wrong = Vec::new();
    for f in sources(&src().join("process")) {
        let text = std::fs::read_to_string(&f).unwrap();
        for m in imports(&text) {
            if !["process", "exit", "input"].contains(&m.as_str()) {
                wrong.push(format!("{}: crate::{m}", f.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "process/ imports from above: {wrong:#?}");
}

#[test]
fn the_scan_sees_imports_and_skips_comments() {
    assert_eq!(
        imports("use crate::cmd::values; // crate::oracles"),
        ["cmd"]
    );
    assert_eq!(imports("/// [`crate::campaign`]"), Vec::<String>::new());
    assert_eq!(
        imports("use crate::{\n    cmd::x,\n    exec, // crate::oracles\n};"),
        ["cmd", "exec"]
    );
}

/// Files outside `cmd/` that still name it (none: keep it so).
const NAMES_CMD_STILL: &[&str] = &[];

/// Nothing outside `cmd/` names `cmd/` (`lib.rs` re-exports `cmd::cli` for the
/// binary; this file's tests name it in their text), but for [`NAMES_CMD_STILL`].
#[test]
fn nothing_outside_cmd_imports_cmd() {
    let root = src();
    let mut wrong = Vec::new();
    for f in sources(&root) {
        let rel = f
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if rel.starts_with("cmd/")
            || ["lib.rs", "layers.rs"].contains(&rel.as_str())
            || NAMES_CMD_STILL.contains(&rel.as_str())
        {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        if imports(&text).iter().any(|m| m == "cmd" || m == "cli") {
            wrong.push(rel);
        }
    }
    assert!(wrong.is_empty(), "these import cmd/ from below: {wrong:?}");
}
