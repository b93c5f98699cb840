//! Bad input through every command a user runs on a file: `parse`, `lower`, `interp`,
//! `run` and `check` (and `translate` for files whose `RUN: lower` line names pass
//! options, with those options) must each exit 1 with `FILE:LINE:COL: error: ...`, the source line and a caret,
//! at the place the file's `expected-error` directive names. The file tests check the
//! diagnostics of the library; this checks what the binaries print and return.

use crate::common;
use common::TempDir;
use harness::filetest::directives::{parse_directives, Directive};
use std::path::{Path, PathBuf};
use std::process::Command;

const FULL: &str = env!("CARGO_BIN_EXE_stdlower-full");

/// Where a diagnostic must be: a line, and a column when the directive gives one.
type Target = (usize, Option<u32>);

/// Runs `exe cmd file`; returns the exit code and stderr.
fn run(exe: &str, cmd: &str, file: &Path, extra: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(exe)
        .arg(cmd)
        .arg(file)
        .args(extra)
        .output()
        .expect("run stdlower");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Checks that `stderr` starts with a located error at one of `targets` (line, optional
/// column), followed by the source line and a caret under the column.
fn check_located(what: &str, file: &Path, stderr: &str, targets: &[Target]) -> Result<(), String> {
    let mut lines = stderr.lines();
    let first = lines.next().unwrap_or("");
    let prefix = format!("{}:", file.display());
    let rest = first
        .strip_prefix(&prefix)
        .ok_or_else(|| format!("{what}: not located in the file: {first:?}"))?;
    let mut parts = rest.splitn(3, ':');
    let line: usize = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let col: u32 = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    if !parts.next().unwrap_or("").starts_with(" error: ") {
        return Err(format!("{what}: not an error line: {first:?}"));
    }
    if !targets
        .iter()
        .any(|&(l, c)| l == line && c.is_none_or(|c| c == col))
    {
        return Err(format!(
            "{what}: reported at {line}:{col}, expected one of {targets:?}: {first:?}"
        ));
    }
    let source = std::fs::read_to_string(file).unwrap_or_default();
    let src_line = source.lines().nth(line - 1).unwrap_or("");
    let (shown, caret) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""));
    // Columns count bytes (as MLIR's do); the caret goes under that byte's character.
    let caret_at = src_line
        .char_indices()
        .take_while(|&(i, _)| i + 1 < col as usize)
        .count()
        + 1;
    // Long lines are shown as a window; short ones whole, the caret under the column.
    if src_line.chars().count() < 90
        && (shown != src_line || caret.chars().count() != caret_at || !caret.ends_with('^'))
    {
        return Err(format!(
            "{what}: source line and caret missing or misplaced:\n{stderr}"
        ));
    }
    Ok(())
}

fn diagnostics_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/diagnostics");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus/diagnostics")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mlir"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_command_reports_bad_input_as_a_located_error_with_status_1() {
    // `stdlower lower` runs in the front binary (when it is built; it runs the same
    // code as `stdlower-full lower`).
    let front = common::front_exe().map(|p| p.to_string_lossy().into_owned());
    let front = front.as_deref().unwrap_or(FULL);
    let files = diagnostics_files();
    assert!(files.len() >= 40, "only {} diagnostics files", files.len());
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let directives = parse_directives(&text).unwrap();
        let targets: Vec<Target> = directives
            .iter()
            .filter_map(|d| d.expected_error())
            .map(|(line, col, _)| (line, col))
            .collect();
        // Conversion errors (`RUN: lower`) are valid Standard input: only lowering fails,
        // under the options of the RUN: line (`--use-bare-ptr-memref-call-conv`), which
        // every command that takes them gets too.
        let lower_flags: Option<Vec<String>> = directives.iter().find_map(|d| match d {
            Directive::Run { argv, .. } if argv[0] == "lower" => Some(argv[1..].to_vec()),
            _ => None,
        });
        let lowering_only = lower_flags.is_some();
        let flags: Vec<&str> = lower_flags
            .iter()
            .flatten()
            .map(String::as_str)
            .filter(|f| f.starts_with("--use-"))
            .collect();
        let commands: &[(&str, &str)] = if lowering_only && flags.is_empty() {
            &[("lower", front), ("lower", FULL)]
        } else if lowering_only {
            &[
                ("lower", front),
                ("lower", FULL),
                ("translate", FULL),
                ("run", FULL),
            ]
        } else {
            &[
                ("parse", FULL),
                ("lower", front),
                ("lower", FULL),
                ("interp", FULL),
                ("run", FULL),
            ]
        };
        for &(cmd, exe) in commands {
            let what = format!("{} {cmd} {flags:?} ({exe})", file.display());
            let extra: &[&str] = if cmd == "parse" || cmd == "interp" {
                &[]
            } else {
                &flags
            };
            let (code, stderr) = run(exe, cmd, file, extra);
            if code != Some(1) {
                failures.push(format!("{what}: exit {code:?}, not 1:\n{stderr}"));
                continue;
            }
            if let Err(e) = check_located(&what, file, &stderr, &targets) {
                failures.push(e);
            }
        }
        // `check` reports bad input (never a silent skip) and exits 1.
        let out = Command::new(FULL)
            .arg("check")
            .arg(file)
            .args(&flags)
            .output()
            .expect("run stdlower check");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let located = targets.iter().any(|&(l, c)| {
            let at = match c {
                Some(c) => format!("{}:{l}:{c}: error: ", file.display()),
                None => format!("{}:{l}:", file.display()),
            };
            stdout.contains(&at)
        });
        if out.status.code() != Some(1) || !located || !stdout.contains(", 1 invalid") {
            failures.push(format!(
                "{} check {flags:?}: exit {:?}, expected 1 with a located error:\n{stdout}",
                file.display(),
                out.status.code()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn a_missing_or_bodiless_entry_is_bad_input_located_in_the_file() {
    let dir = TempDir::new("diag-cli-entry");
    let no_main = dir.file(
        "no_main.mlir",
        "func @f() -> i32 {\n  %0 = constant 1 : i32\n  return %0 : i32\n}\n",
    );
    let decl = dir.file(
        "decl.mlir",
        "func @main() -> i32 {\n  %0 = constant 1 : i32\n  return %0 : i32\n}\nfunc @ext(i32) -> i32\n",
    );
    let cases: &[(&Path, &[&str], Target, &str)] = &[
        (&no_main, &[], (1, Some(1)), "no function '@main' to run"),
        (
            &no_main,
            &["--entry", "nope"],
            (1, Some(1)),
            "no function '@nope' to run",
        ),
        (
            &decl,
            &["--entry", "ext", "--arg", "1"],
            (5, Some(1)),
            "the entry '@ext' is an external declaration",
        ),
    ];
    for (file, extra, target, message) in cases {
        for cmd in ["interp", "run"] {
            let what = format!("{cmd} {} {extra:?}", file.display());
            let (code, stderr) = run(FULL, cmd, file, extra);
            assert_eq!(code, Some(1), "{what}: {stderr}");
            check_located(&what, file, &stderr, &[*target]).unwrap();
            assert!(stderr.contains(message), "{what}: {stderr}");
        }
    }
}

#[test]
fn an_unregistered_op_cannot_be_executed_and_is_located_in_the_file() {
    // Parsing and lowering keep unregistered ops (the spec's examples use them);
    // executing one is an error at the op, not at the worker's re-printed text.
    let dir = TempDir::new("diag-cli-unregistered");
    let file = dir.file(
        "unregistered.mlir",
        "func @main() -> i32 {\n  %0 = constant 1 : i32\n  \"foo.bar\"(%0) : (i32) -> ()\n  return %0 : i32\n}\n",
    );
    for cmd in ["interp", "run"] {
        let (code, stderr) = run(FULL, cmd, &file, &[]);
        assert_eq!(code, Some(1), "{cmd}: {stderr}");
        check_located(cmd, &file, &stderr, &[(3, Some(3))]).unwrap();
        assert!(
            stderr.contains("unregistered op 'foo.bar'"),
            "{cmd}: {stderr}"
        );
    }
}

#[test]
fn a_memory_space_the_host_does_not_run_is_located_in_the_file() {
    // The interpreter treats every memory space as the same memory; native code in
    // address space 256 would address relative to x86-64's gs segment, so `run` refuses
    // it at the op that makes the memref. Space 255 runs.
    let dir = TempDir::new("diag-cli-memory-space");
    let text = |space: u32| {
        format!(
            "func @main() -> i32 {{\n  %m = alloca() : memref<2xi32, {space}>\n  %c0 = constant 0 : index\n  %a = constant 5 : i32\n  store %a, %m[%c0] : memref<2xi32, {space}>\n  %v = load %m[%c0] : memref<2xi32, {space}>\n  return %v : i32\n}}\n"
        )
    };
    let file = dir.file("space256.mlir", &text(256));
    let (code, stderr) = run(FULL, "run", &file, &[]);
    assert_eq!(code, Some(1), "{stderr}");
    check_located("run", &file, &stderr, &[(2, Some(8))]).unwrap();
    assert!(
        stderr.contains("cannot run memory space 256: the host runs memory spaces 0 to 255"),
        "{stderr}"
    );
    let (code, stderr) = run(FULL, "interp", &file, &[]);
    assert_eq!(code, Some(0), "{stderr}");
    let ok = dir.file("space255.mlir", &text(255));
    for cmd in ["interp", "run"] {
        let (code, stderr) = run(FULL, cmd, &ok, &[]);
        assert_eq!(code, Some(0), "{cmd}: {stderr}");
    }
}
