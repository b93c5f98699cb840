//! A hand-written lexer over the bytes of an MLIR source: one token of lookahead,
//! no allocation per token (a token is a kind plus a byte span and a location), and
//! byte-level helpers the parser uses for the `4x8xf32` dimension lists, which MLIR
//! lexes specially.
//!
//! Names follow MLIR's lexer, one rule per kind: `@` and a bare identifier
//! (`[a-zA-Z_][a-zA-Z0-9_$.]*`) or a string (`@"add one!"`); `%`, `^`, `#` and `!`
//! and a suffix identifier (digits only, or `[a-zA-Z$._-][a-zA-Z0-9$._-]*`), a result
//! group `%x#1` being `%x` then `#1`. Malformed ones are errors in MLIR's words at
//! MLIR's places ("@ identifier expected to start with letter or '_'", "invalid SSA
//! name", "unknown escape in string literal", ...).
//!
//! Columns are 1-based and count bytes, as MLIR's do (a diagnostic's column is the
//! one `mlir-opt` would print); the renderer maps them to characters for the caret.

use crate::diag::Loc;

/// Token kinds. Keywords are `BareIdent`s compared by spelling.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tok {
    Eof,
    /// A character that starts no token; `Lexer::error_message` says why.
    Error,
    /// `[a-zA-Z_][a-zA-Z0-9_$.]*`
    BareIdent,
    /// `%name`, `%0` (a `#N` result group is a `HashIdent` after it)
    PercentIdent,
    /// `^bb1`
    CaretIdent,
    /// `@name` or `@"quoted"`
    AtIdent,
    /// `#map`, `#0`
    HashIdent,
    /// `!dialect.type`
    ExclIdent,
    /// Decimal or `0x` hexadecimal integer literal.
    Int,
    /// `[0-9]+.[0-9]*([eE][-+]?[0-9]+)?`
    Float,
    /// A `"..."` string literal (the span includes the quotes).
    Str,
    LParen,
    RParen,
    LSquare,
    RSquare,
    LBrace,
    RBrace,
    Less,
    Greater,
    Comma,
    Colon,
    Equal,
    Arrow,
    Question,
    Star,
    Plus,
    Minus,
    /// `|` (between the flags of `llvm.getelementptr inbounds|nuw`).
    Pipe,
}

#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: Tok,
    pub start: u32,
    pub end: u32,
    pub loc: Loc,
}

#[derive(Clone)]
pub struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    line: u32,
    /// Byte offset of the current line's start: columns count bytes from it, as MLIR's
    /// (LLVM's `SourceMgr`) do, so a diagnostic's column is the one MLIR would give.
    line_start: usize,
    /// Why the last `Tok::Error` token was produced.
    pub error_message: &'static str,
}

/// The bytes [`Lexer::skip_braced`] stops at.
const SKIM_SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    t[b'{' as usize] = true;
    t[b'}' as usize] = true;
    t[b'"' as usize] = true;
    t[b'/' as usize] = true;
    t[b'\n' as usize] = true;
    t
};

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}
/// Per byte: bit 0 set for identifier characters (`[a-zA-Z0-9_$.]`), bit 1 for the
/// characters of a `%`/`^`/`#`/`!` suffix identifier (the same and `-`).
const IDENT_CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.' {
            t[c] = 3;
        } else if b == b'-' {
            t[c] = 2;
        }
        c += 1;
    }
    t
};

/// How many bytes at the start of `s` are of the class `bit` of [`IDENT_CLASS`].
fn class_run(s: &[u8], bit: u8) -> usize {
    s.iter()
        .position(|&c| IDENT_CLASS[c as usize] & bit == 0)
        .unwrap_or(s.len())
}

/// The length of the suffix identifier at the start of `s` (after a `%`, `^`, `#` or
/// `!`), by MLIR's rule: either digits only (`%0`, `#1`: `%0a` is `%0` then `a`), or
/// a letter or one of `$._-` followed by letters, digits and `$._-` (`%a-b.$`). 0 when
/// there is none.
fn suffix_id_len(s: &[u8]) -> usize {
    match s.first() {
        Some(c) if c.is_ascii_digit() => s.iter().take_while(|c| c.is_ascii_digit()).count(),
        Some(&c) if IDENT_CLASS[c as usize] & 2 != 0 => class_run(s, 2),
        _ => 0,
    }
}

/// Whether `s` may be written as a bare symbol name after `@` (MLIR's bare
/// identifier, `[a-zA-Z_][a-zA-Z0-9_$.]*`); any other name must be quoted.
pub fn is_bare_ident(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(|&c| is_ident_start(c)) && class_run(b, 1) == b.len()
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a [u8]) -> Self {
        Lexer {
            src,
            pos: 0,
            line: 1,
            line_start: 0,
            error_message: "",
        }
    }

    pub fn src(&self) -> &'a [u8] {
        self.src
    }

    /// The location of byte offset `pos`, which must be on the current line.
    fn loc_at(&self, pos: usize) -> Loc {
        let col = pos.saturating_sub(self.line_start) + 1;
        Loc::new(self.line, col.min(u32::MAX as usize) as u32)
    }

    /// The location of the next unread byte (after skipping trivia).
    pub fn here(&mut self) -> Loc {
        self.skip_trivia();
        self.loc_at(self.pos)
    }

    pub fn peek_byte(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    pub fn bump(&mut self) {
        self.pos += 1;
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Moves to `pos`, which must be on the current line.
    pub fn reset(&mut self, pos: usize) {
        self.pos = pos;
    }

    /// Skips whitespace and `//` comments.
    pub fn skip_trivia(&mut self) {
        while let Some(&c) = self.src.get(self.pos) {
            match c {
                b'\n' => {
                    self.pos += 1;
                    self.line += 1;
                    self.line_start = self.pos;
                }
                b' ' | b'\t' | b'\r' => self.pos += 1,
                b'/' if self.src.get(self.pos + 1) == Some(&b'/') => {
                    // A comment runs to the end of the line; no column after it matters.
                    while let Some(&c) = self.src.get(self.pos) {
                        if c == b'\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    /// Skips to just after the `}` that closes a `{` already read, looking only at
    /// braces, string literals, comments and line ends (a skim of a function body,
    /// which the parser reads properly later). `false`, with the position unchanged,
    /// when the braces do not close or a string literal does not end on its line.
    pub fn skip_braced(&mut self) -> bool {
        let src = self.src;
        let (mut pos, mut line, mut line_start) = (self.pos, self.line, self.line_start);
        let mut depth = 1usize;
        while depth > 0 {
            // Most bytes are none of those looked at.
            let rest = src.get(pos..).unwrap_or_default();
            pos += rest
                .iter()
                .position(|&c| SKIM_SPECIAL[c as usize])
                .unwrap_or(rest.len());
            let Some(&c) = src.get(pos) else {
                return false;
            };
            pos += 1;
            match c {
                b'{' => depth += 1,
                b'}' => depth -= 1,
                b'\n' => {
                    line += 1;
                    line_start = pos;
                }
                b'"' => loop {
                    match src.get(pos) {
                        None | Some(b'\n') => return false,
                        Some(b'"') => {
                            pos += 1;
                            break;
                        }
                        Some(b'\\') if src.get(pos + 1).is_some_and(|&c| c != b'\n') => pos += 2,
                        Some(_) => pos += 1,
                    }
                },
                b'/' if src.get(pos) == Some(&b'/') => {
                    while src.get(pos).is_some_and(|&c| c != b'\n') {
                        pos += 1;
                    }
                }
                _ => {}
            }
        }
        (self.pos, self.line, self.line_start) = (pos, line, line_start);
        true
    }

    /// Reads decimal digits at the current position and returns their value, or
    /// `None` when there are none; `Some(None)` on overflow.
    pub fn scan_decimal(&mut self) -> Option<Option<u64>> {
        let start = self.pos;
        let mut v: Option<u64> = Some(0);
        while let Some(&c) = self.src.get(self.pos) {
            if !c.is_ascii_digit() {
                break;
            }
            v = v
                .and_then(|v| v.checked_mul(10))
                .and_then(|v| v.checked_add((c - b'0') as u64));
            self.pos += 1;
        }
        if self.pos == start {
            None
        } else {
            Some(v)
        }
    }

    fn make(&self, kind: Tok, start: usize) -> Token {
        Token {
            kind,
            start: start as u32,
            end: self.pos as u32,
            loc: self.loc_at(start),
        }
    }

    fn error(&mut self, start: usize, msg: &'static str) -> Token {
        self.error_message = msg;
        if self.pos == start {
            self.pos += 1;
        }
        Token {
            kind: Tok::Error,
            start: start as u32,
            end: self.pos as u32,
            loc: self.loc_at(start),
        }
    }

    pub fn next_token(&mut self) -> Token {
        self.skip_trivia();
        let start = self.pos;
        let Some(&c) = self.src.get(self.pos) else {
            return self.make(Tok::Eof, start);
        };
        self.pos += 1;
        let kind = match c {
            b'(' => Tok::LParen,
            b')' => Tok::RParen,
            b'[' => Tok::LSquare,
            b']' => Tok::RSquare,
            b'{' => Tok::LBrace,
            b'}' => Tok::RBrace,
            b'<' => Tok::Less,
            b'>' => Tok::Greater,
            b',' => Tok::Comma,
            b':' => Tok::Colon,
            b'=' => Tok::Equal,
            b'?' => Tok::Question,
            b'*' => Tok::Star,
            b'+' => Tok::Plus,
            b'|' => Tok::Pipe,
            b'-' => {
                if self.peek_byte() == Some(b'>') {
                    self.pos += 1;
                    Tok::Arrow
                } else {
                    Tok::Minus
                }
            }
            b'"' => return self.lex_string(start),
            b'%' | b'^' | b'#' | b'!' => {
                let n = suffix_id_len(self.src.get(self.pos..).unwrap_or_default());
                if n == 0 {
                    // MLIR's wording, at the prefix character.
                    return self.error(
                        start,
                        match c {
                            b'%' => "invalid SSA name",
                            b'^' => "invalid block name",
                            b'#' => "invalid attribute name",
                            _ => "invalid type identifier",
                        },
                    );
                }
                self.pos += n;
                match c {
                    b'%' => Tok::PercentIdent,
                    b'^' => Tok::CaretIdent,
                    b'#' => Tok::HashIdent,
                    _ => Tok::ExclIdent,
                }
            }
            b'@' => {
                if self.peek_byte() == Some(b'"') {
                    self.pos += 1;
                    let t = self.lex_string(start + 1);
                    if t.kind == Tok::Error {
                        return t;
                    }
                    return self.make(Tok::AtIdent, start);
                }
                // A bare symbol is a bare identifier: `[a-zA-Z_][a-zA-Z0-9_$.]*`.
                if !self.peek_byte().is_some_and(is_ident_start) {
                    let at = self.pos;
                    return self.error(at, "@ identifier expected to start with letter or '_'");
                }
                self.pos += class_run(self.src.get(self.pos..).unwrap_or_default(), 1);
                Tok::AtIdent
            }
            b'0'..=b'9' => return self.lex_number(start),
            c if is_ident_start(c) => {
                self.pos += class_run(self.src.get(self.pos..).unwrap_or_default(), 1);
                Tok::BareIdent
            }
            b'/' => return self.error(start, "unexpected character '/'"),
            _ => return self.error(start, "unexpected character"),
        };
        self.make(kind, start)
    }

    fn lex_number(&mut self, start: usize) -> Token {
        let first = self.src[start];
        if first == b'0'
            && self.peek_byte() == Some(b'x')
            && self
                .src
                .get(self.pos + 1)
                .is_some_and(|c| c.is_ascii_hexdigit())
        {
            self.pos += 1;
            while self
                .src
                .get(self.pos)
                .is_some_and(|c| c.is_ascii_hexdigit())
            {
                self.pos += 1;
            }
            return self.make(Tok::Int, start);
        }
        while self.src.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.peek_byte() != Some(b'.') {
            return self.make(Tok::Int, start);
        }
        self.pos += 1;
        while self.src.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if matches!(self.peek_byte(), Some(b'e' | b'E')) {
            let mut p = self.pos + 1;
            if matches!(self.src.get(p), Some(b'+' | b'-')) {
                p += 1;
            }
            if self.src.get(p).is_some_and(|c| c.is_ascii_digit()) {
                self.pos = p;
                while self.src.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
            }
        }
        self.make(Tok::Float, start)
    }

    /// Lexes a string whose opening quote is at `self.pos - 1`; the token starts at `start`.
    /// Errors as MLIR's lexer gives them: a string that reaches a line end (or a
    /// vertical tab, form feed, the end of the file) is "expected '\"' in string
    /// literal" there; an escape other than `\"`, `\\`, `\n`, `\t` and two hex digits
    /// is "unknown escape in string literal" at its backslash.
    fn lex_string(&mut self, start: usize) -> Token {
        let loc = self.loc_at(start);
        loop {
            match self.src.get(self.pos) {
                None | Some(b'\n' | 0x0B | 0x0C) => {
                    let at = self.pos;
                    return self.error_span(start, at, "expected '\"' in string literal");
                }
                Some(b'"') => {
                    self.pos += 1;
                    break;
                }
                Some(b'\\') => {
                    let at = self.pos;
                    let next = self.src.get(at + 1).copied();
                    let hex2 = next.is_some_and(|c| c.is_ascii_hexdigit())
                        && self.src.get(at + 2).is_some_and(|c| c.is_ascii_hexdigit());
                    if matches!(next, Some(b'"' | b'\\' | b'n' | b't')) {
                        self.pos += 2;
                    } else if hex2 {
                        self.pos += 3;
                    } else {
                        return self.error_span(start, at, "unknown escape in string literal");
                    }
                }
                Some(_) => self.pos += 1,
            }
        }
        Token {
            kind: Tok::Str,
            start: start as u32,
            end: self.pos as u32,
            loc,
        }
    }

    /// An error token spanning `start..` up to where lexing stopped, located at `at`
    /// (on the current line), where MLIR reports it.
    fn error_span(&mut self, start: usize, at: usize, msg: &'static str) -> Token {
        self.error_message = msg;
        self.pos = self.pos.max(start + 1);
        Token {
            kind: Tok::Error,
            start: start as u32,
            end: self.pos as u32,
            loc: self.loc_at(at),
        }
    }
}

/// Decodes the body of a string literal token (quotes included in `raw`): `\"`, `\\`,
/// `\n`, `\t` and two-digit hex escapes `\XX`. On a bad escape, the error message and
/// the byte offset in `raw` of its backslash (where MLIR reports it).
pub fn unescape(raw: &[u8]) -> Result<String, (usize, &'static str)> {
    let inner = raw.get(1..raw.len().saturating_sub(1)).unwrap_or(&[]);
    let mut out: Vec<u8> = Vec::with_capacity(inner.len());
    let mut i = 0;
    while i < inner.len() {
        let c = inner[i];
        if c != b'\\' {
            out.push(c);
            i += 1;
            continue;
        }
        match inner.get(i + 1) {
            Some(b'"') => out.push(b'"'),
            Some(b'\\') => out.push(b'\\'),
            Some(b'n') => out.push(b'\n'),
            Some(b't') => out.push(b'\t'),
            Some(&h) if h.is_ascii_hexdigit() => match inner.get(i + 2) {
                Some(&l) if l.is_ascii_hexdigit() => {
                    out.push(hex_val(h) * 16 + hex_val(l));
                    i += 1;
                }
                _ => return Err((i + 1, "unknown escape in string literal")),
            },
            _ => return Err((i + 1, "unknown escape in string literal")),
        }
        i += 2;
    }
    String::from_utf8(out).map_err(|_| (0, "string literal is not valid UTF-8 after unescaping"))
}

fn hex_val(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        _ => c.wrapping_sub(b'A').wrapping_add(10),
    }
}

/// Writes `s` as a string literal with MLIR's escapes.
pub fn escape_into(out: &mut String, s: &str) {
    out.push('"');
    for &b in s.as_bytes() {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7E => out.push(b as char),
            _ => {
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                out.push('\\');
                out.push(HEX[(b >> 4) as usize] as char);
                out.push(HEX[(b & 15) as usize] as char);
            }
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<Tok> {
        let mut l = Lexer::new(s.as_bytes());
        let mut v = Vec::new();
        loop {
            let t = l.next_token();
            v.push(t.kind);
            if matches!(t.kind, Tok::Eof | Tok::Error) {
                return v;
            }
        }
    }

    #[test]
    fn lexes_op_line() {
        use Tok::*;
        assert_eq!(
            kinds("%r:2 = call @f(%x) : (i32) -> (i32, i64) // c\n"),
            vec![
                PercentIdent,
                Colon,
                Int,
                Equal,
                BareIdent,
                AtIdent,
                LParen,
                PercentIdent,
                RParen,
                Colon,
                LParen,
                BareIdent,
                RParen,
                Arrow,
                LParen,
                BareIdent,
                Comma,
                BareIdent,
                RParen,
                Eof
            ]
        );
        assert_eq!(
            kinds("0xFF 1.5 2.0e-7 -3"),
            vec![Int, Float, Float, Minus, Int, Eof]
        );
        assert_eq!(
            kinds("%c#1 ^bb0 \"a\\\"b\""),
            vec![PercentIdent, HashIdent, CaretIdent, Str, Eof]
        );
        assert_eq!(kinds("\"abc"), vec![Error]);
    }

    #[test]
    fn columns_count_bytes_as_mlir_does() {
        let mut l = Lexer::new("\"é\" x\n  y".as_bytes());
        assert_eq!(l.next_token().loc, Loc::new(1, 1));
        assert_eq!(l.next_token().loc, Loc::new(1, 6));
        assert_eq!(l.next_token().loc, Loc::new(2, 3));
    }

    #[test]
    fn escapes_round_trip() {
        let s = "a\"b\\c\nd\u{1}é";
        let mut out = String::new();
        escape_into(&mut out, s);
        assert_eq!(unescape(out.as_bytes()).unwrap(), s);
    }
}
