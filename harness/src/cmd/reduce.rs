//! `stdlower reduce FILE [--oracle NAME | --interesting CMD] [--entry NAME]
//! [--time-limit SECONDS] [-o OUT]`: shrinks a module while the same failure still
//! happens and prints (or writes) the result as a corpus file test. Statistics go to
//! standard error.

use crate::cli_error::CliError;
use crate::exit;
use crate::input::Failure;
use crate::oracles::{self, Oracle, OracleConfig, Verdict};
use crate::process::panics;
use crate::reduce::{self, ReduceConfig, GENERATOR_ORACLE};
use converter::ir::Module;
use converter::syntax::{print_module, PrintOptions};
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug, Clone)]
pub struct Args {
    /// The Standard-dialect module to shrink.
    pub file: String,
    /// Keep candidates on which this oracle reports a finding (one of the oracles of
    /// `check`, or `generator` for UB in a generated module). Default: the oracle the
    /// input fails.
    #[arg(long, conflicts_with = "interesting")]
    pub oracle: Option<String>,
    /// Keep candidates for which `CMD FILE` exits with status 0 (CMD is split into
    /// shell words; the candidate is written to a temporary file), like C-Reduce.
    #[arg(long)]
    pub interesting: Option<String>,
    /// The function to call.
    #[arg(long, default_value = "main")]
    pub entry: String,
    /// Stop after this many seconds (or `90s`, `5m`, ...; at most a year) and print
    /// the smallest module so far.
    #[arg(long, default_value = "300", value_parser = crate::cmd::values::duration)]
    pub time_limit: Duration,
    /// Write the file test here instead of standard output.
    #[arg(short = 'o', long = "output")]
    pub output: Option<String>,
    /// Skip the native path (interpreter-only oracles).
    #[arg(long)]
    pub no_jit: bool,
    /// Also run the upstream path (implied by `--oracle upstream`).
    #[arg(long)]
    pub upstream: bool,
}

/// Why a command line does not split into words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShellWordsError {
    #[error("unterminated single quote")]
    UnterminatedSingleQuote,
    #[error("unterminated double quote")]
    UnterminatedDoubleQuote,
    #[error("trailing backslash")]
    TrailingBackslash,
}

/// Splits a command line into words: whitespace separates, single quotes keep
/// everything, double quotes and backslashes work as in a POSIX shell (simplified).
pub fn shell_words(s: &str) -> Result<Vec<String>, ShellWordsError> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(x) => cur.push(x),
                        None => return Err(ShellWordsError::UnterminatedSingleQuote),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(x) => cur.push(x),
                            None => return Err(ShellWordsError::TrailingBackslash),
                        },
                        Some(x) => cur.push(x),
                        None => return Err(ShellWordsError::UnterminatedDoubleQuote),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(x) => cur.push(x),
                    None => return Err(ShellWordsError::TrailingBackslash),
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    Ok(words)
}

/// The `--interesting CMD` test: writes the candidate to `path`, runs `words... path`.
/// A command that cannot be started (not found, not executable: a usage error) or a
/// candidate that cannot be written (an I/O error) is no answer: the first such error
/// is kept in `trouble` with its exit status, for the reduction to report instead of
/// calling the input uninteresting.
fn command_test<'a>(
    words: &'a [String],
    path: &'a std::path::Path,
    trouble: &'a std::sync::Mutex<Option<Failure>>,
) -> impl Fn(&Module) -> bool + 'a {
    move |c: &Module| {
        let note = |status: i32, message: String| {
            let mut t = trouble.lock().unwrap_or_else(|p| p.into_inner());
            t.get_or_insert(Failure::new(status, message));
            false
        };
        let text = print_module(c, &PrintOptions::default());
        if let Err(e) = std::fs::write(path, text) {
            let message = format!("cannot write the candidate {}: {e}", path.display());
            return note(exit::BAD_INPUT, message);
        }
        match std::process::Command::new(&words[0])
            .args(&words[1..])
            .arg(path)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
        {
            Ok(s) => s.success(),
            Err(e) => note(exit::USAGE, format!("cannot run `{}`: {e}", words[0])),
        }
    }
}

/// A located failure of `reduce`: `FILE: error: ...` with `status`.
fn located(args: &Args, status: i32, message: impl std::fmt::Display) -> CliError {
    Failure::new(status, format!("{}: error: {message}", args.file)).into()
}

pub fn run(args: &Args) -> Result<i32, CliError> {
    let m = crate::input::load(&args.file)?;
    if m.func(&args.entry).is_none_or(|f| f.is_external()) {
        return Err(located(
            args,
            exit::USAGE,
            format!("no function '@{}' to run", args.entry),
        ));
    }
    let limit = args.time_limit;
    // A finding's `// stdlower-options:` line: reduce under the options it was found with
    // (the reduced file test carries the line again).
    let exec = crate::exec::ExecOptions::default()
        .with_file_options(m.source.as_deref().unwrap_or(""))
        .map_err(|e| located(args, exit::BAD_INPUT, e))?;
    let ocfg = OracleConfig {
        jit: !args.no_jit,
        upstream: args.upstream || args.oracle.as_deref() == Some(Oracle::Upstream.as_str()),
        lower_paths: args.oracle.as_deref() == Some(crate::lower_paths::ORACLE.as_str()),
        lower_paths_deep: args.oracle.as_deref() == Some(crate::lower_paths::ORACLE.as_str()),
        lower_exe: Some(crate::process::this_exe::path()),
        upstream_structure: args.oracle.as_deref()
            == Some(crate::upstream_structure::ORACLE.as_str()),
        exec,
        ..OracleConfig::default()
    };
    let start = Instant::now();
    let (result, header) = if let Some(cmd) = &args.interesting {
        let words = shell_words(cmd).map_err(|e| CliError::usage(format!("--interesting: {e}")))?;
        if words.is_empty() {
            return Err(CliError::usage("--interesting needs a command"));
        }
        let path = std::env::temp_dir().join(format!(
            "stdlower-reduce-{}-candidate.mlir",
            std::process::id()
        ));
        let trouble = std::sync::Mutex::new(None);
        let test = command_test(&words, &path, &trouble);
        let cfg = ReduceConfig {
            limit,
            ..ReduceConfig::default()
        };
        let r = reduce::reduce_with(&m, &args.entry, &test, &cfg);
        drop(test);
        let _ = std::fs::remove_file(&path);
        if r.original_uninteresting {
            if let Some(f) = trouble.into_inner().unwrap_or_else(|p| p.into_inner()) {
                let message = format!("error: --interesting: {}", f.message);
                return Err(Failure::new(f.status, message).into());
            }
        }
        (r, format!("reduced: interesting with `{cmd} FILE`"))
    } else {
        // The reducer takes the oracle by its registered name.
        let known = |k: &Oracle| {
            *k == GENERATOR_ORACLE
                || *k == Oracle::Panic
                || oracles::registry::oracles().any(|o| o == *k)
        };
        let named = args
            .oracle
            .as_deref()
            .map(|o| (o, Oracle::from_name(o).filter(known)));
        let oracle: Oracle = match named {
            Some((_, Some(k))) => k,
            Some((o, None)) => {
                return Err(CliError::usage(format!(
                    "unknown oracle '{o}' (one of {}, {GENERATOR_ORACLE}, {})",
                    oracles::registry::oracles()
                        .map(Oracle::as_str)
                        .collect::<Vec<_>>()
                        .join(", "),
                    Oracle::Panic
                )));
            }
            None => match panics::catch(|| oracles::check_module(&m, &args.entry, &[], &ocfg)) {
                Err(_) => Oracle::Panic,
                Ok(Verdict::Finding { oracle, .. }) => oracle,
                Ok(v) => {
                    return Err(located(
                        args,
                        exit::BAD_INPUT,
                        format!("the input shows no finding ({v}); name one with --oracle or use --interesting"),
                    ));
                }
            },
        };
        let test = reduce::finding_test(&m, &args.entry, oracle, &ocfg);
        let cfg = ReduceConfig {
            limit,
            reject_ub: oracle != GENERATOR_ORACLE && oracle != Oracle::Panic,
            exec: ocfg.exec.clone(),
        };
        let r = reduce::reduce_with(&m, &args.entry, &*test, &cfg);
        let header = if oracle == GENERATOR_ORACLE {
            "FINDING [generator]: undefined behaviour in a generated module".to_string()
        } else {
            let v = panics::catch(|| oracles::check_module(&r.module, &args.entry, &[], &ocfg))
                .unwrap_or_else(|p| Verdict::Finding {
                    oracle: Oracle::Panic,
                    detail: p.detail(),
                });
            if !v.is_finding() {
                eprintln!("warning: the reduced module did not reproduce the finding on a last check (a flaky failure?): {v}");
            }
            v.to_string()
        };
        (r, header)
    };
    eprintln!(
        "reduce: {} candidates tried ({} more invalid), {} kept; ops {} -> {}; {:.1} s{}",
        result.tried,
        result.invalid,
        result.accepted,
        result.ops_before,
        result.ops_after,
        start.elapsed().as_secs_f64(),
        if result.timed_out {
            " (time limit reached)"
        } else {
            ""
        }
    );
    if result.original_uninteresting {
        return Err(located(
            args,
            exit::BAD_INPUT,
            "the input itself is not interesting",
        ));
    }
    let text = reduce::reduced_file_test(&result.module, &args.entry, &header, &ocfg.exec);
    match &args.output {
        Some(path) => {
            std::fs::write(path, text).map_err(|e| {
                CliError::from(Failure::new(
                    exit::BAD_INPUT,
                    format!("{path}: error: cannot write: {e}"),
                ))
            })?;
        }
        None => {
            let mut stdout = crate::process::output::Out::new();
            stdout.print(&text);
            return Ok(stdout.finish_with(exit::OK));
        }
    }
    Ok(exit::OK)
}

#[cfg(test)]
mod tests {
    use super::shell_words;

    #[test]
    fn words() {
        assert_eq!(
            shell_words(r#"grep -q 'a b' "c\"d" e\ f"#).unwrap(),
            vec!["grep", "-q", "a b", "c\"d", "e f"]
        );
        assert!(shell_words("'x").is_err());
        assert!(shell_words("  ").unwrap().is_empty());
    }
}
