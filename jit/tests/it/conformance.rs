//! Every shared conformance program (`shared/conformance/*.mlir` beside the checkout, or in
//! `$STDLOWER_CONFORMANCE`) lowers, JITs and prints its `.expect` line.

use crate::conformance_data as conformance;
use conformance::conformance_dir;
use converter::value::format_result;
use jit::{run_in_process, RunOptions};

/// Runs every conformance file at `opt`; returns the failures.
fn run_all(opt: u8) -> (usize, Vec<String>) {
    let Some(rd) = conformance_dir().and_then(|d| std::fs::read_dir(d).ok()) else {
        eprintln!("no conformance directory; skipping");
        return (0, vec![]);
    };
    let mut files: Vec<_> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    let mut fails = Vec::new();
    for f in &files {
        let expect = std::fs::read_to_string(f.with_extension("expect")).unwrap_or_default();
        let src = std::fs::read(f).unwrap();
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let m = match converter::syntax::parse_module(&name, &src) {
            Ok(m) => m,
            Err(e) => {
                fails.push(format!("{name}: parse: {}", e.message));
                continue;
            }
        };
        let opts = RunOptions {
            opt_level: opt,
            ..RunOptions::default()
        };
        let rty = m
            .func("main")
            .and_then(|f| f.std_type())
            .map(|t| t.results.clone());
        match (run_in_process(&m, "main", &[], &opts), rty) {
            (Ok(vals), Some(tys)) => {
                let got: Vec<String> = tys
                    .iter()
                    .zip(&vals)
                    .map(|(t, v)| format_result(t, v))
                    .collect();
                let got = got.join("\n");
                if got.trim() != expect.trim() {
                    fails.push(format!("{name}: got `{got}`, expected `{}`", expect.trim()));
                }
            }
            (Err(e), _) => fails.push(format!("{name}: {e}")),
            (Ok(_), None) => fails.push(format!("{name}: no @main")),
        }
    }
    (files.len(), fails)
}

#[test]
fn conformance_o0() {
    let (n, fails) = run_all(0);
    eprintln!("{} of {n} conformance files pass at O0", n - fails.len());
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

#[test]
fn conformance_o2() {
    let (n, fails) = run_all(2);
    eprintln!("{} of {n} conformance files pass at O2", n - fails.len());
    assert!(fails.is_empty(), "{}", fails.join("\n"));
}

#[test]
fn conformance_through_the_worker() {
    let Some(rd) = conformance_dir().and_then(|d| std::fs::read_dir(d).ok()) else {
        return;
    };
    let mut w = jit::Worker::spawn(std::process::Command::new(env!(
        "CARGO_BIN_EXE_stdlower-jit-worker"
    )))
    .unwrap();
    let mut n = 0;
    for e in rd.flatten() {
        let f = e.path();
        if f.extension().is_none_or(|x| x != "mlir") {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let expect = std::fs::read_to_string(f.with_extension("expect")).unwrap_or_default();
        let m = converter::syntax::parse_module("c.mlir", text.as_bytes()).unwrap();
        let tys = m.func("main").unwrap().std_type().unwrap().results.clone();
        let vals = w
            .run(&text, "main", &[], &RunOptions::default())
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let got: Vec<String> = tys
            .iter()
            .zip(&vals)
            .map(|(t, v)| format_result(t, v))
            .collect();
        assert_eq!(got.join("\n").trim(), expect.trim(), "{}", f.display());
        n += 1;
    }
    assert_eq!(w.processes_started(), 1);
    eprintln!("{n} conformance files pass through one worker");
}
