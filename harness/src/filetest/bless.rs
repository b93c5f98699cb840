//! `stdlower test --bless`: rewrites the expectations a tool produces (the right side of
//! `run:` lines, and a probe program's `NAME.expect`) to what the tool now gives. A file
//! whose test passes is never written; `CHECK` lines are never written (FileCheck
//! patterns are human-written), so a file whose `RUN:`/`CHECK` or `expected-error`
//! expectations fail is reported as not blessable and left as it is.

use super::directives::{parse_directives, Directive, Expect};
use super::runner::{run_file, RunConfig};
use crate::exec::{self, Outcome};
use std::path::{Path, PathBuf};

/// What blessing one file did.
#[derive(Debug, PartialEq)]
pub enum Blessed {
    /// Its test passes (and its `.expect`, if any, matches): nothing written.
    Unchanged,
    /// These files were rewritten (the `.mlir`'s `run:` lines and/or its `.expect`).
    Rewrote(Vec<PathBuf>),
    /// Its failures are not all in blessable expectations; nothing written.
    NotBlessable(Vec<String>),
}

/// The expectation a `run:` line would write for `got` (`None`: no text reproduces it).
fn expectation_for(got: &Outcome) -> Option<Expect> {
    let quoted_ok = |m: &str| !m.contains('"') && !m.contains('\n');
    match got {
        Outcome::Values(vs) => Some(Expect::Values(
            vs.iter()
                .map(|(t, v)| {
                    let mut s = String::new();
                    converter::value::format_value(&mut s, t, v);
                    format!("{s} : {t}")
                })
                .collect(),
        )),
        Outcome::Ub(m) if quoted_ok(m) => Some(Expect::Ub(m.clone())),
        Outcome::Error(m) if quoted_ok(m) => Some(Expect::Error(m.clone())),
        Outcome::OutOfFuel(_) | Outcome::CallDepth(_) => Some(Expect::OutOfFuel),
        _ => None,
    }
}

/// `line` (a `// run: @entry(args) -> old`) with `expect` as its right side.
fn rewrite_run_line(line: &str, expect: &Expect) -> Option<String> {
    let at = line.find("run:").or_else(|| line.find("run --level"))?;
    let open = at + line[at..].find('(')?;
    let mut depth = 0usize;
    let mut close = None;
    for (i, c) in line[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + i);
                    break;
                }
            }
            _ => {}
        }
    }
    Some(format!("{} -> {expect}", &line[..=close?]))
}

/// The new text of a file test whose failing `run:` lines are rewritten to what the
/// interpreter gives, or why it cannot be.
fn blessed_text(
    path: &str,
    text: &str,
    failing: &[usize],
    cfg: &RunConfig,
) -> Result<String, String> {
    let directives = parse_directives(text).map_err(|(l, m)| format!("{path}:{l}: {m}"))?;
    let module = crate::input::parse_and_verify(path, text.as_bytes()).map_err(|f| f.message)?;
    let exec_opts = cfg
        .exec
        .with_file_options(text)
        .map_err(|e| format!("{path}: {e}"))?;
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for d in &directives {
        let Directive::Exec {
            line,
            level,
            entry,
            args,
            ..
        } = d
        else {
            continue;
        };
        if !failing.contains(line) {
            continue;
        }
        let argv = exec::parse_args(&module, entry, args).map_err(|f| f.message)?;
        let got = match level {
            Some(super::directives::Level::Llvm) => super::runner::llvm_level(
                &module,
                entry,
                &argv,
                &exec_opts,
                exec_opts.fuel.min(super::runner::LLVM_LEVEL_FUEL_CAP),
            ),
            _ => exec::run_interp(&module, entry, &argv, &exec_opts),
        };
        let expect = expectation_for(&got).ok_or_else(|| {
            format!(
                "{path}:{line}: no run: expectation reproduces {}",
                got.render().trim_end()
            )
        })?;
        let old = &lines[line - 1];
        lines[line - 1] = rewrite_run_line(old, &expect)
            .ok_or_else(|| format!("{path}:{line}: cannot rewrite this run: line"))?;
    }
    let mut out = lines.join("\n");
    if text.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

/// What `stdlower interp FILE` prints for a probe program (its `.expect`).
fn interp_output(path: &str, text: &str, cfg: &RunConfig) -> Result<String, String> {
    let module = crate::input::parse_and_verify(path, text.as_bytes()).map_err(|f| f.message)?;
    let exec_opts = cfg
        .exec
        .with_file_options(text)
        .map_err(|e| format!("{path}: {e}"))?;
    Ok(exec::run_interp(&module, "main", &[], &exec_opts).render())
}

/// Blesses the file test at `path`: see the module doc.
pub fn bless_file(path: &Path, cfg: &RunConfig) -> Blessed {
    let shown = path.display().to_string();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return Blessed::NotBlessable(vec![format!("{shown}: cannot read: {e}")]),
    };
    let mut rewrote = Vec::new();
    let before = run_file(&shown, text.as_bytes(), cfg);
    let mut new_text = text.clone();
    if !before.failures.is_empty() {
        let exec_lines: Vec<usize> = parse_directives(&text)
            .unwrap_or_default()
            .iter()
            .filter_map(|d| match d {
                Directive::Exec { line, .. } => Some(*line),
                _ => None,
            })
            .collect();
        let run_line_of = |f: &String| {
            exec_lines
                .iter()
                .copied()
                .find(|l| f.starts_with(&format!("{shown}:{l}: run:")))
        };
        let not: Vec<String> = before
            .failures
            .iter()
            .filter(|f| run_line_of(f).is_none())
            .cloned()
            .collect();
        if !not.is_empty() {
            return Blessed::NotBlessable(not);
        }
        let failing: Vec<usize> = before.failures.iter().filter_map(run_line_of).collect();
        new_text = match blessed_text(&shown, &text, &failing, cfg) {
            Ok(t) => t,
            Err(e) => return Blessed::NotBlessable(vec![e]),
        };
        let after = run_file(&shown, new_text.as_bytes(), cfg);
        if !after.failures.is_empty() {
            return Blessed::NotBlessable(after.failures);
        }
    }
    let expect_path = path.with_extension("expect");
    let new_expect = match std::fs::read_to_string(&expect_path) {
        Ok(old) => match interp_output(&shown, &new_text, cfg) {
            Ok(now) if now != old => Some(now),
            Ok(_) => None,
            Err(e) => return Blessed::NotBlessable(vec![e]),
        },
        Err(_) => None,
    };
    if new_text != text {
        if let Err(e) = std::fs::write(path, &new_text) {
            return Blessed::NotBlessable(vec![format!("{shown}: cannot write: {e}")]);
        }
        rewrote.push(path.to_path_buf());
    }
    if let Some(now) = new_expect {
        if let Err(e) = std::fs::write(&expect_path, now) {
            return Blessed::NotBlessable(vec![format!(
                "{}: cannot write: {e}",
                expect_path.display()
            )]);
        }
        rewrote.push(expect_path);
    }
    if rewrote.is_empty() {
        Blessed::Unchanged
    } else {
        Blessed::Rewrote(rewrote)
    }
}
