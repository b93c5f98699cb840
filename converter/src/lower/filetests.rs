//! Runs the spec's examples in `corpus/spec/*.mlir` as file tests until the project's
//! file-test runner is on main: the `// RUN: lower [options]` line selects the options,
//! `// CHECK...` lines are matched against the printed output by a small
//! FileCheck-compatible matcher (CHECK, CHECK-NEXT, CHECK-SAME, CHECK-LABEL, CHECK-NOT,
//! `{{regex}}`, `[[VAR:regex]]` and `[[VAR]]`), and `expected-error ... {{text}}`
//! requires the lowering to fail with that message. The modern output of every file
//! must also be accepted by `mlir-translate` (or `mlir-opt` for unregistered ops).

use super::tests::assert_translates;
use super::{lower_module, LowerOptions};
use crate::llvm_print::{print_llvm, Syntax};
use regex::Regex;
use std::collections::HashMap;
use std::path::PathBuf;

fn corpus(sub: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("corpus")
        .join(sub)
}

/// Options from the RUN line.
fn options(src: &str) -> (LowerOptions, Syntax) {
    let mut o = LowerOptions::default();
    let mut syntax = Syntax::Modern;
    let Some(line) = src
        .lines()
        .find_map(|l| l.trim().strip_prefix("// RUN: lower"))
    else {
        return (o, syntax);
    };
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "--syntax" => {
                i += 1;
                if words.get(i) == Some(&"legacy") {
                    syntax = Syntax::Legacy;
                }
            }
            "--syntax=legacy" => syntax = Syntax::Legacy,
            "--emit-c-interface" => o.emit_c_interface = true,
            "--index-bitwidth" => {
                i += 1;
                o.index_bitwidth = words.get(i).and_then(|w| w.parse().ok()).unwrap_or(64);
            }
            _ => {}
        }
        i += 1;
    }
    (o, syntax)
}

#[derive(Debug, PartialEq, Clone, Copy)]
enum Kind {
    Check,
    Next,
    Same,
    Label,
    Not,
}

fn directives(src: &str) -> Vec<(Kind, String)> {
    let mut v = Vec::new();
    for l in src.lines() {
        let l = l.trim();
        let Some(rest) = l.strip_prefix("//") else {
            continue;
        };
        let rest = rest.trim_start();
        for (p, k) in [
            ("CHECK-NEXT:", Kind::Next),
            ("CHECK-SAME:", Kind::Same),
            ("CHECK-LABEL:", Kind::Label),
            ("CHECK-NOT:", Kind::Not),
            ("CHECK:", Kind::Check),
        ] {
            if let Some(pat) = rest.strip_prefix(p) {
                v.push((k, pat.trim().to_string()));
                break;
            }
        }
    }
    v
}

/// Compiles a FileCheck pattern; `[[VAR]]` uses are replaced by their values.
fn compile(pat: &str, vars: &HashMap<String, String>) -> Result<(Regex, Vec<String>), String> {
    let mut re = String::new();
    let mut defs = Vec::new();
    let b = pat.as_bytes();
    let mut i = 0;
    let mut lit = String::new();
    let flush = |lit: &mut String, re: &mut String| {
        let collapsed: Vec<&str> = lit.split(' ').collect();
        let parts: Vec<String> = collapsed.iter().map(|p| regex::escape(p)).collect();
        re.push_str(&parts.join(" +"));
        lit.clear();
    };
    while i < b.len() {
        if pat[i..].starts_with("{{") {
            let end = pat[i + 2..].find("}}").ok_or("unterminated {{")? + i + 2;
            flush(&mut lit, &mut re);
            re.push_str(&format!("(?:{})", &pat[i + 2..end]));
            i = end + 2;
            continue;
        }
        if pat[i..].starts_with("[[") {
            let body_start = i + 2;
            let name_end = pat[body_start..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .map(|e| e + body_start)
                .unwrap_or(pat.len());
            if name_end > body_start {
                let name = &pat[body_start..name_end];
                if pat[name_end..].starts_with("]]") {
                    flush(&mut lit, &mut re);
                    let v = vars.get(name).ok_or(format!("undefined variable {name}"))?;
                    re.push_str(&regex::escape(v));
                    i = name_end + 2;
                    continue;
                }
                if pat[name_end..].starts_with(':') {
                    let end = pat[name_end..].find("]]").ok_or("unterminated [[")? + name_end;
                    flush(&mut lit, &mut re);
                    re.push_str(&format!("(?P<{name}>{})", &pat[name_end + 1..end]));
                    defs.push(name.to_string());
                    i = end + 2;
                    continue;
                }
            }
        }
        let c = pat[i..].chars().next().unwrap_or(' ');
        lit.push(c);
        i += c.len_utf8();
    }
    flush(&mut lit, &mut re);
    Regex::new(&re)
        .map(|r| (r, defs))
        .map_err(|e| e.to_string())
}

/// Matches the directives against `output`; returns a description of the first failure.
fn filecheck(dirs: &[(Kind, String)], output: &str) -> Result<(), String> {
    let lines: Vec<String> = output
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let mut vars: HashMap<String, String> = HashMap::new();
    // Position: line index and byte column after the last match.
    let (mut line, mut col) = (0usize, 0usize);
    let mut started = false;
    let mut pending_not: Vec<String> = Vec::new();
    for (kind, pat) in dirs {
        if *kind == Kind::Not {
            pending_not.push(pat.clone());
            continue;
        }
        let (re, defs) = compile(pat, &vars)?;
        let found = match kind {
            Kind::Same | Kind::Next => {
                let l = if *kind == Kind::Next { line + 1 } else { line };
                let from = if *kind == Kind::Next { 0 } else { col };
                if !started && *kind == Kind::Next {
                    return Err(format!("CHECK-NEXT first: {pat}"));
                }
                lines
                    .get(l)
                    .and_then(|s| re.captures_at(s, from.min(s.len())).map(|c| (l, c)))
            }
            _ => {
                let mut hit = None;
                for (l, text) in lines.iter().enumerate().skip(line) {
                    let from = if l == line && started { col } else { 0 };
                    if let Some(c) = re.captures_at(text, from.min(text.len())) {
                        hit = Some((l, c));
                        break;
                    }
                }
                hit
            }
        };
        let Some((l, caps)) = found else {
            return Err(format!(
                "{kind:?}: no match for `{pat}` after line {}:\n{}",
                line + 1,
                lines.get(line).cloned().unwrap_or_default()
            ));
        };
        for n in &pending_not {
            let (nre, _) = compile(n, &vars)?;
            for (k, text) in lines.iter().enumerate().take(l + 1).skip(line) {
                if nre.is_match(text) {
                    return Err(format!("CHECK-NOT `{n}` matched line {}", k + 1));
                }
            }
        }
        pending_not.clear();
        let m = caps.get(0).map(|m| m.end()).unwrap_or(0);
        for d in defs {
            if let Some(v) = caps.name(&d) {
                vars.insert(d, v.as_str().to_string());
            }
        }
        line = l;
        col = m;
        started = true;
    }
    for n in &pending_not {
        let (nre, _) = compile(n, &vars)?;
        for (k, text) in lines.iter().enumerate().skip(line) {
            if nre.is_match(text) {
                return Err(format!("CHECK-NOT `{n}` matched line {}", k + 1));
            }
        }
    }
    Ok(())
}

/// Runs one file test; `Err` describes the failure.
pub fn run_file(src: &str) -> Result<(), String> {
    let (opts, syntax) = options(src);
    let m = super::tests::parse(src)?;
    // `expected-error@+N {{text}}`: the text and the line it must be reported on.
    let expected_error = src.lines().enumerate().find_map(|(n, l)| {
        let i = l.find("expected-error")?;
        let rest = &l[i + "expected-error".len()..];
        let offset: i64 = rest
            .strip_prefix('@')
            .and_then(|r| r.split_whitespace().next())
            .and_then(|r| r.trim_start_matches('+').parse().ok())
            .unwrap_or(0);
        let s = rest.find("{{")? + 2;
        let e = rest.find("}}")?;
        Some((rest[s..e].to_string(), (n as i64 + 1 + offset) as u32))
    });
    let lowered = lower_module(&m, &opts);
    match (expected_error, lowered) {
        (Some((e, line)), Err(ds)) => {
            if ds
                .iter()
                .any(|d| d.message.contains(&e) && d.loc.line == line)
            {
                Ok(())
            } else {
                Err(format!("expected error `{e}` on line {line}, got {ds:?}"))
            }
        }
        (Some((e, _)), Ok(_)) => Err(format!("expected error `{e}`, but the lowering succeeded")),
        (None, Err(ds)) => Err(format!("lowering failed: {ds:?}")),
        (None, Ok(l)) => {
            assert_translates(&print_llvm(&l, Syntax::Modern));
            let out = print_llvm(&l, syntax);
            filecheck(&directives(src), &out).map_err(|e| format!("{e}\n--- output:\n{out}"))
        }
    }
}

fn run_dir(sub: &str) {
    let dir = corpus(sub);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|x| x == "mlir"));
    files.sort();
    assert!(!files.is_empty(), "no file tests in {}", dir.display());
    let mut failures = Vec::new();
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        if let Err(e) = run_file(&src) {
            failures.push(format!("{}: {e}", f.display()));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn spec_examples() {
    run_dir("spec");
}

#[test]
fn lowering_corpus() {
    run_dir("lower");
}

#[test]
fn filecheck_matcher_basics() {
    let out = "a %1 = foo\n  b %1, x\nc [[z]] d\n";
    let d = directives(
        "// CHECK: [[V:%[0-9]+]] = foo\n// CHECK-NEXT: b [[V]], {{.*}}\n// CHECK-NOT: zzz\n// CHECK: c {{\\[}}[z]{{\\]}}",
    );
    filecheck(&d, out).unwrap();
    let bad = directives("// CHECK: foo\n// CHECK-NEXT: c");
    assert!(filecheck(&bad, out).is_err());
    let not = directives("// CHECK: foo\n// CHECK-NOT: b\n// CHECK: c");
    assert!(filecheck(&not, out).is_err());
}
