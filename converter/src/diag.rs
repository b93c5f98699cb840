//! Located diagnostics: every error a user can cause is reported as
//! `FILE:LINE:COL: error: message`, followed by the source line and a caret.

use std::fmt;

/// A 1-based source position. `Loc::UNKNOWN` (0:0) marks IR built in memory.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
#[cfg_attr(feature = "wire", derive(serde::Serialize, serde::Deserialize))]
pub struct Loc {
    pub line: u32,
    pub col: u32,
}

impl Loc {
    pub const UNKNOWN: Loc = Loc { line: 0, col: 0 };
    pub fn new(line: u32, col: u32) -> Loc {
        Loc { line, col }
    }
    pub fn is_known(self) -> bool {
        self.line != 0
    }
    /// This location when known, else `fallback`.
    pub fn or(self, fallback: Loc) -> Loc {
        if self.is_known() {
            self
        } else {
            fallback
        }
    }
    /// The location `bytes` further along the same line (unknown stays unknown).
    pub fn offset(self, bytes: usize) -> Loc {
        if !self.is_known() {
            return self;
        }
        let col = (self.col as usize).saturating_add(bytes);
        Loc::new(self.line, col.min(u32::MAX as usize) as u32)
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Severity {
    Error,
    Note,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Diagnostic {
    pub loc: Loc,
    pub severity: Severity,
    pub message: String,
    /// Further located notes ("previous definition is here").
    pub notes: Vec<(Loc, String)>,
}

impl Diagnostic {
    #[cold]
    pub fn error(loc: Loc, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            loc,
            severity: Severity::Error,
            message: message.into(),
            notes: Vec::new(),
        }
    }
    pub fn with_note(mut self, loc: Loc, message: impl Into<String>) -> Diagnostic {
        self.notes.push((loc, message.into()));
        self
    }

    /// Renders the diagnostic as `FILE:LINE:COL: error: message`, with the source line
    /// and a caret under the column when the source is available.
    pub fn render(&self, file: &str, source: Option<&str>) -> String {
        let mut out = String::new();
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Note => "note",
        };
        render_one(&mut out, file, source, self.loc, sev, &self.message);
        for (loc, msg) in &self.notes {
            render_one(&mut out, file, source, *loc, "note", msg);
        }
        out
    }
}

/// How many characters of a source line a diagnostic shows.
const WINDOW: usize = 100;

fn render_one(out: &mut String, file: &str, source: Option<&str>, loc: Loc, sev: &str, msg: &str) {
    use std::fmt::Write;
    // A location is always printed, 1:1 when IR was built in memory, so the format holds.
    let (line, col) = if loc.is_known() {
        (loc.line, loc.col)
    } else {
        (1, 1)
    };
    let _ = writeln!(out, "{file}:{line}:{col}: {sev}: {msg}");
    if !loc.is_known() {
        return;
    }
    if let Some(text) = source.and_then(|s| s.lines().nth(loc.line as usize - 1)) {
        // Show at most a window of the line around the column, so a 100,000-character
        // line does not flood the terminal; `...` marks what was cut.
        let chars: Vec<char> = text.chars().collect();
        // Columns count bytes (as MLIR's do); the caret goes under that byte's character.
        let byte = (loc.col.saturating_sub(1) as usize).min(text.len());
        let col = text
            .char_indices()
            .take_while(|&(i, _)| i < byte)
            .count()
            .min(chars.len());
        // A line that fits is shown whole; a longer one as the window around the column,
        // moved back from the line's end so that it stays full.
        let start = match chars.len() <= WINDOW {
            true => 0,
            false => col.saturating_sub(WINDOW / 2).min(chars.len() - WINDOW),
        };
        let end = (start + WINDOW).min(chars.len());
        let mut shown = String::new();
        let mut pad = String::new();
        if start > 0 {
            shown.push_str("...");
            pad.push_str("   ");
        }
        shown.extend(&chars[start..end]);
        if end < chars.len() {
            shown.push_str("...");
        }
        pad.extend(
            chars[start..col]
                .iter()
                .map(|&c| if c == '\t' { '\t' } else { ' ' }),
        );
        let _ = writeln!(out, "{shown}");
        let _ = writeln!(out, "{pad}^");
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: error: {}",
            self.loc.line, self.loc.col, self.message
        )
    }
}

impl std::error::Error for Diagnostic {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_file_line_col_and_caret() {
        let d = Diagnostic::error(Loc::new(2, 5), "unknown op 'foo'");
        let s = d.render("a.mlir", Some("func @f() {\n  %0 foo\n}"));
        assert_eq!(s, "a.mlir:2:5: error: unknown op 'foo'\n  %0 foo\n    ^\n");
    }

    #[test]
    fn columns_count_bytes_and_the_caret_sits_under_the_character() {
        let d = Diagnostic::error(Loc::new(1, 10), "bad");
        let s = d.render("a.mlir", Some("\"éé\" x $"));
        assert_eq!(s, "a.mlir:1:10: error: bad\n\"éé\" x $\n       ^\n");
    }

    #[test]
    fn long_lines_are_shown_as_a_window_around_the_column() {
        let line = "x".repeat(5000) + "$" + &"y".repeat(5000);
        let d = Diagnostic::error(Loc::new(1, 5001), "bad");
        let s = d.render("a.mlir", Some(&line));
        let lines: Vec<&str> = s.lines().collect();
        assert!(lines[1].len() < 120, "{}", lines[1]);
        let caret = lines[2].find('^').unwrap();
        assert_eq!(&lines[1][caret..caret + 1], "$");
    }
}
