//! The expectations a `.mlir` file test carries in its comments:
//! - `// RUN: lower --syntax legacy` (or `parse`, `translate`, `export`), whose output the file's
//!   `CHECK` lines must match; `--check-prefix=P` selects other check lines;
//! - `// run: @main(3 : i32) -> 7 : i32`: executed by the Standard interpreter, the
//!   LLVM-level interpreter (on our lowering), the JIT (and upstream's lowering when asked);
//!   the right side is a comma-separated list of `VALUE : TYPE`, or `ub "text"`,
//!   `crash "text"`, `error "text"`, `out-of-fuel`, `timeout`, or nothing/`()` for no
//!   results;
//! - `// run --level llvm: @main() -> ub "llvm.load"` (or `--level std`): the same, at one
//!   interpreter's level only, as `stdlower interp --level` runs it; how the LLVM level
//!   reports a Standard program's undefined behaviour is written this way;
//! - `// expected-error@+N {{text}}` (also `@-N`, or no offset for the same line); `@+N:C`
//!   also requires the diagnostic's column to be C.

pub use crate::level::Level;

/// One directive, with the 1-based line it was written on.
#[derive(Clone, Debug, PartialEq)]
pub enum Directive {
    Run {
        line: usize,
        /// The subcommand and its options, without the file (`["lower", "--syntax", "legacy"]`).
        argv: Vec<String>,
        check_prefix: String,
    },
    Exec {
        line: usize,
        /// `run --level L:` runs at that interpreter's level only; `None`: every path.
        level: Option<Level>,
        entry: String,
        /// The argument texts, each `VALUE` or `VALUE : TYPE`.
        args: Vec<String>,
        expect: Expect,
    },
    ExpectedError {
        line: usize,
        /// The line the diagnostic must be reported on.
        target_line: usize,
        /// The column it must be reported at, when the directive gives one (`@+1:8`).
        target_col: Option<u32>,
        text: String,
    },
}

impl Directive {
    /// For an `expected-error`: the line the diagnostic must be on, its column when the
    /// directive names one, and the text it must contain.
    pub fn expected_error(&self) -> Option<(usize, Option<u32>, &str)> {
        match self {
            Directive::ExpectedError {
                target_line,
                target_col,
                text,
                ..
            } => Some((*target_line, *target_col, text)),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    /// Result values, each `VALUE : TYPE`.
    Values(Vec<String>),
    /// The interpreter reports undefined behaviour whose message contains the text;
    /// the JIT is not run (the behaviour of the native code is undefined).
    Ub(String),
    /// The interpreter reports UB and the native code crashes with a message containing the text.
    Crash(String),
    /// Both paths stop with an error containing the text.
    Error(String),
    /// The interpreter runs out of fuel.
    OutOfFuel,
    /// The interpreter runs out of fuel and the native code is killed by the timeout
    /// (the runner gives it one second).
    Timeout,
}

/// The expectation as a `run:` line writes it (`8 : i32, 1.5 : f32`, `ub "overflow"`,
/// `crash "SIGSEGV"`, `out-of-fuel`, `()`): what a failed file test says it expected.
impl std::fmt::Display for Expect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expect::Values(v) if v.is_empty() => f.write_str("()"),
            Expect::Values(v) => f.write_str(&v.join(", ")),
            Expect::Ub(t) => write!(f, "ub \"{t}\""),
            Expect::Crash(t) => write!(f, "crash \"{t}\""),
            Expect::Error(t) => write!(f, "error \"{t}\""),
            Expect::OutOfFuel => f.write_str("out-of-fuel"),
            Expect::Timeout => f.write_str("timeout"),
        }
    }
}

/// Extracts every directive from a file's text. Malformed directives are errors
/// (`line, message`), so a typo never turns a test into one that cannot fail.
/// What is wrong with a test directive.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DirectiveError {
    #[error("RUN: needs a subcommand (lower, parse, translate, export)")]
    NoSubcommand,
    #[error("expected-error points before the first line")]
    BeforeFirstLine,
    #[error("expected-error needs {{{{text}}}}")]
    NoText,
    #[error("bad expected-error offset '@{0}'")]
    BadOffset(String),
    #[error("run: must start with @entry(...)")]
    NoEntry,
    #[error("run: needs an argument list '(...)'")]
    NoArguments,
    #[error("run: unbalanced parentheses")]
    Unbalanced,
    #[error("run: expected '->' after the arguments")]
    NoArrow,
    #[error("expected a quoted message, found '{0}'")]
    NotQuoted(String),
    #[error("expected 'VALUE : TYPE', found '{0}'")]
    Untyped(String),
    #[error("run: bad level '{0}' (expected `run --level std:` or `run --level llvm:`)")]
    BadLevel(String),
}

/// The directives of a test file, or the first bad one (its line and what is wrong).
pub fn parse_directives(text: &str) -> Result<Vec<Directive>, (usize, DirectiveError)> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let Some(pos) = raw.find("//") else { continue };
        let comment = raw[pos + 2..].trim();
        if let Some(rest) = comment.strip_prefix("RUN:") {
            let mut argv: Vec<String> = rest.split_whitespace().map(str::to_string).collect();
            let mut check_prefix = "CHECK".to_string();
            argv.retain(|a| match a.strip_prefix("--check-prefix=") {
                Some(p) => {
                    check_prefix = p.to_string();
                    false
                }
                None => true,
            });
            if argv.is_empty() {
                return Err((line, DirectiveError::NoSubcommand));
            }
            out.push(Directive::Run {
                line,
                argv,
                check_prefix,
            });
        } else if let Some((level, rest)) = run_prefix(comment).map_err(|e| (line, e))? {
            out.push(parse_exec(rest.trim()).map_err(|e| (line, e)).map(
                |(entry, args, expect)| Directive::Exec {
                    line,
                    level,
                    entry,
                    args,
                    expect,
                },
            )?);
        } else if let Some(rest) = comment.strip_prefix("expected-error") {
            let (offset, target_col, rest) = parse_offset(rest).map_err(|e| (line, e))?;
            let target = line as i64 + offset;
            if target < 1 {
                return Err((line, DirectiveError::BeforeFirstLine));
            }
            let text = rest
                .trim()
                .strip_prefix("{{")
                .and_then(|r| r.rfind("}}").map(|e| &r[..e]))
                .ok_or((line, DirectiveError::NoText))?;
            out.push(Directive::ExpectedError {
                line,
                target_line: target as usize,
                target_col,
                text: text.to_string(),
            });
        }
    }
    Ok(out)
}

/// A `run:` or `run --level L:` comment: its level and the text after the colon; `None`
/// for any other comment.
fn run_prefix(comment: &str) -> Result<Option<(Option<Level>, &str)>, DirectiveError> {
    if let Some(rest) = comment.strip_prefix("run:") {
        return Ok(Some((None, rest)));
    }
    let Some(rest) = comment.strip_prefix("run --level") else {
        return Ok(None);
    };
    let (name, rest) = rest
        .split_once(':')
        .ok_or_else(|| DirectiveError::BadLevel(rest.trim().to_string()))?;
    let level = match name.trim() {
        "std" => Level::Std,
        "llvm" => Level::Llvm,
        other => return Err(DirectiveError::BadLevel(other.to_string())),
    };
    Ok(Some((Some(level), rest)))
}

/// `@+N`, `@-N` or `@+N:C` (a column too) before the `{{text}}`; none is the same line.
fn parse_offset(rest: &str) -> Result<(i64, Option<u32>, &str), DirectiveError> {
    let Some(r) = rest.strip_prefix('@') else {
        return Ok((0, None, rest));
    };
    let end = r
        .find(|c: char| c.is_whitespace() || c == '{')
        .unwrap_or(r.len());
    let bad = || DirectiveError::BadOffset(r[..end].to_string());
    let (n, col) = match r[..end].split_once(':') {
        Some((n, c)) => (n, Some(c.parse::<u32>().map_err(|_| bad())?)),
        None => (&r[..end], None),
    };
    let n: i64 = n.parse().map_err(|_| bad())?;
    Ok((n, col, &r[end..]))
}

/// Parses `@entry(args) -> expectation`.
fn parse_exec(s: &str) -> Result<(String, Vec<String>, Expect), DirectiveError> {
    let s = s.strip_prefix('@').ok_or(DirectiveError::NoEntry)?;
    let open = s.find('(').ok_or(DirectiveError::NoArguments)?;
    let entry = s[..open].trim().to_string();
    let close = matching_paren(s, open).ok_or(DirectiveError::Unbalanced)?;
    let args = split_top_level(&s[open + 1..close]);
    let rest = s[close + 1..].trim();
    let expect = if rest.is_empty() {
        Expect::Values(vec![])
    } else {
        let rhs = rest
            .strip_prefix("->")
            .ok_or(DirectiveError::NoArrow)?
            .trim();
        parse_expect(rhs)?
    };
    Ok((entry, args, expect))
}

fn parse_expect(rhs: &str) -> Result<Expect, DirectiveError> {
    let quoted = |r: &str| -> Result<String, DirectiveError> {
        let r = r.trim();
        r.strip_prefix('"')
            .and_then(|r| r.strip_suffix('"'))
            .map(str::to_string)
            .ok_or_else(|| DirectiveError::NotQuoted(r.to_string()))
    };
    if let Some(r) = rhs.strip_prefix("ub") {
        return Ok(Expect::Ub(quoted(r)?));
    }
    if let Some(r) = rhs.strip_prefix("crash") {
        return Ok(Expect::Crash(quoted(r)?));
    }
    if let Some(r) = rhs.strip_prefix("error") {
        return Ok(Expect::Error(quoted(r)?));
    }
    if rhs == "out-of-fuel" {
        return Ok(Expect::OutOfFuel);
    }
    if rhs == "timeout" {
        return Ok(Expect::Timeout);
    }
    if rhs == "()" {
        return Ok(Expect::Values(vec![]));
    }
    let vals = split_top_level(rhs);
    for v in &vals {
        if !v.contains(':') {
            return Err(DirectiveError::Untyped(v.clone()));
        }
    }
    Ok(Expect::Values(vals))
}

fn matching_paren(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (i, c) in s[open..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits at commas that are outside brackets, parentheses and angle brackets.
pub fn split_top_level(s: &str) -> Vec<String> {
    let s = s.trim();
    if s.is_empty() {
        return vec![];
    }
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in s.char_indices() {
        match c {
            '[' | '(' | '<' => depth += 1,
            ']' | ')' | '>' if depth > 0 => depth -= 1,
            ',' if depth == 0 => {
                parts.push(s[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(s[start..].trim().to_string());
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_expectation_prints_as_the_run_line_wrote_it() {
        for rhs in [
            "8 : i32",
            "7 : i32, [1, 2] : memref<2xi64>",
            "()",
            "ub \"overflow\"",
            "crash \"SIGSEGV\"",
            "error \"no such function\"",
            "out-of-fuel",
            "timeout",
        ] {
            let e = parse_expect(rhs).unwrap();
            assert_eq!(e.to_string(), rhs);
            assert_eq!(parse_expect(&e.to_string()).unwrap(), e);
        }
    }

    #[test]
    fn parses_every_directive_kind() {
        let text = "// RUN: lower --syntax legacy --check-prefix=LEG\n\
                    // run: @main(3 : i32, [1, 2] : memref<2xi64>) -> 7 : i32, -> : memref<2xi64>\n\
                    // run: @f() -> ub \"out of bounds\"\n\
                    // expected-error@+1 {{bf16 is not {supported}}}\n\
                    func @g(bf16)\n";
        let text = text.replace(", -> : memref<2xi64>", ", [1, 2] : memref<2xi64>");
        let ds = parse_directives(&text).unwrap();
        assert_eq!(
            ds[0],
            Directive::Run {
                line: 1,
                argv: vec!["lower".into(), "--syntax".into(), "legacy".into()],
                check_prefix: "LEG".into()
            }
        );
        assert_eq!(
            ds[1],
            Directive::Exec {
                line: 2,
                level: None,
                entry: "main".into(),
                args: vec!["3 : i32".into(), "[1, 2] : memref<2xi64>".into()],
                expect: Expect::Values(vec!["7 : i32".into(), "[1, 2] : memref<2xi64>".into()]),
            }
        );
        assert_eq!(
            ds[2],
            Directive::Exec {
                line: 3,
                level: None,
                entry: "f".into(),
                args: vec![],
                expect: Expect::Ub("out of bounds".into())
            }
        );
        assert_eq!(
            ds[3],
            Directive::ExpectedError {
                line: 4,
                target_line: 5,
                target_col: None,
                text: "bf16 is not {supported}".into()
            }
        );
        assert_eq!(
            parse_directives("// run --level llvm: @f(1 : i8) -> ub \"llvm.sdiv\"").unwrap()[0],
            Directive::Exec {
                line: 1,
                level: Some(Level::Llvm),
                entry: "f".into(),
                args: vec!["1 : i8".into()],
                expect: Expect::Ub("llvm.sdiv".into())
            }
        );
        assert_eq!(
            parse_directives("//   run --level std : @g()").unwrap()[0],
            Directive::Exec {
                line: 1,
                level: Some(Level::Std),
                entry: "g".into(),
                args: vec![],
                expect: Expect::Values(vec![])
            }
        );
        assert_eq!(
            parse_directives("// expected-error@+2:8 {{x}}").unwrap()[0],
            Directive::ExpectedError {
                line: 1,
                target_line: 3,
                target_col: Some(8),
                text: "x".into()
            }
        );
    }

    #[test]
    fn malformed_directives_are_errors() {
        assert!(parse_directives("// run: main() -> 1 : i32").is_err());
        assert!(parse_directives("// run: @main() -> 1").is_err());
        assert!(parse_directives("// expected-error@x {{a}}").is_err());
        assert!(parse_directives("// expected-error@+1:x {{a}}").is_err());
        assert!(parse_directives("// expected-error text").is_err());
        assert!(parse_directives("// RUN:").is_err());
        assert_eq!(
            parse_directives("// run --level jit: @f()"),
            Err((1, DirectiveError::BadLevel("jit".into())))
        );
        assert!(parse_directives("// run --level llvm @f()").is_err());
        // Prose that merely starts with "run" is no directive.
        assert_eq!(parse_directives("// running: fast"), Ok(vec![]));
        // The messages are the ones these errors always had.
        assert_eq!(
            parse_directives("// expected-error text"),
            Err((1, DirectiveError::NoText))
        );
        assert_eq!(
            DirectiveError::NoText.to_string(),
            "expected-error needs {{text}}"
        );
        assert_eq!(
            DirectiveError::BadOffset("x".into()).to_string(),
            "bad expected-error offset '@x'"
        );
    }
}
